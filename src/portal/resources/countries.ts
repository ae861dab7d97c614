/**
 * A country by its name in the user's language (`KW` → "Kuwait", "الكويت"), from the browser's
 * own tables (`Intl.DisplayNames`); a code it does not know stays as it is.
 */
const namesByLanguage = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, language: string): string {
  let names = namesByLanguage.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    namesByLanguage.set(language, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a well-formed region code (a value typed before the schema checked it).
    return code;
  }
}
