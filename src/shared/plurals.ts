/**
 * Plural forms of a message with a count, for every layer that translates (portal, payer pages,
 * API). A message lists its forms separated by `||||` (polyglot's delimiter) and is given its
 * count as `smart_count`. English has two forms (one, other). Arabic has six, in the order of
 * Unicode's plural categories: zero, one, two, few (3–10), many (11–99), other (100, 1000…), as
 * `Intl.PluralRules('ar')` picks them — "17 معاملة", not "17 معاملات".
 *
 * A two-form message in Arabic (react-admin's own messages, a resource's name "فاتورة |||| الفواتير")
 * reads its singular for "one" and its plural for every other category.
 */

export const PLURAL_DELIMITER = '||||';

/** The categories in the order of an Arabic message's forms. */
export const ARABIC_CATEGORIES: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const arabicRules = new Intl.PluralRules('ar');

/** Which of an Arabic message's six forms a count takes. */
export function arabicPluralIndex(count: number): number {
  return ARABIC_CATEGORIES.indexOf(arabicRules.select(count));
}

/** Which of an English message's two forms ("singular |||| plural") a count takes. */
export function englishPluralIndex(count: number): number {
  return count === 1 ? 0 : 1;
}

/** Which form of a message in `language` (a language code, "ar") a count takes, when it has all its forms. */
export function pluralIndex(language: string, count: number): number {
  return language === 'ar' ? arabicPluralIndex(count) : englishPluralIndex(count);
}

const formsOf = (message: string) => message.split(PLURAL_DELIMITER).map((form) => form.trim());

/** A two-form message ("singular |||| plural") as six Arabic forms; any other message as it is. */
export function widenToArabicForms(message: string): string {
  const forms = formsOf(message);
  if (forms.length !== 2) return message;
  const [one, other] = forms;
  return ARABIC_CATEGORIES.map((category) => (category === 'one' ? one : other)).join(` ${PLURAL_DELIMITER} `);
}

/**
 * The form of `message` that `count` takes in `language`. A message without forms is returned as
 * it is; a form the message lacks falls back to its first, as polyglot does.
 */
export function pluralForm(message: string, language: string, count: number): string {
  if (!message.includes(PLURAL_DELIMITER)) return message;
  const forms = formsOf(language === 'ar' ? widenToArabicForms(message) : message);
  return forms[pluralIndex(language, count)] ?? forms[0];
}

/** polyglot's `pluralRules` option: English's two forms, Arabic's six. */
export const polyglotPluralRules = {
  pluralTypes: { singular_plural: englishPluralIndex, arabic: arabicPluralIndex },
  pluralTypeToLanguages: { singular_plural: ['en'], arabic: ['ar'] },
};
