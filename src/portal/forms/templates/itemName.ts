import { getUiOptions, type UiSchema } from '@rjsf/utils';

/**
 * The name of one record of an array, for its buttons and cards ("Add unit", "Unit 2"): the
 * `itemName` the derived uiSchema gives the array (its child entity's name), else the items'
 * title, else the array's. Sentence case inside a phrase: "Unit" becomes "unit", "POS terminal"
 * stays.
 */
export function itemNameOf(arrayUi: UiSchema | undefined, fallback: string | undefined): string {
  const options = getUiOptions(arrayUi);
  const itemsUi = arrayUi?.items as UiSchema | undefined;
  const name =
    (options.itemName as string | undefined) ?? (itemsUi?.['ui:title'] as string | undefined) ?? fallback ?? '';
  return name;
}

/** `name` as it reads inside a phrase: its first letter lowered unless the word is an acronym. */
export function inPhrase(name: string): string {
  if (name.length > 1 && name[1] === name[1].toLowerCase()) return name[0].toLowerCase() + name.slice(1);
  return name;
}
