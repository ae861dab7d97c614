import type { Catalogue } from '../../shared/i18n';

/**
 * Plural forms of the portal's messages. A message with a count lists its forms separated by
 * `||||` (polyglot's delimiter). English has two (one, other). Arabic has six, in the order of
 * Unicode's plural categories: zero, one, two, few (3–10), many (11–99), other (100, 1000…), as
 * `Intl.PluralRules('ar')` picks them — "17 معاملة", not "17 معاملات".
 *
 * react-admin's own messages and a resource's name ("فاتورة |||| الفواتير") have only two forms
 * (`smart_count` 1 or 2): they are widened to six when the Arabic catalogue is built, the singular
 * for "one" and the plural for every other category, so they keep reading right.
 */

const DELIMITER = ' |||| ';

/** The categories in the order of an Arabic message's forms. */
export const ARABIC_CATEGORIES: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const arabicRules = new Intl.PluralRules('ar');

/** Which of an Arabic message's six forms a count takes. */
export function arabicPluralIndex(count: number): number {
  return ARABIC_CATEGORIES.indexOf(arabicRules.select(count));
}

/** A two-form message ("singular |||| plural") as six Arabic forms; any other message as it is. */
export function widenToArabicForms(message: string): string {
  const forms = message.split('||||').map((form) => form.trim());
  if (forms.length !== 2) return message;
  const [one, other] = forms;
  return ARABIC_CATEGORIES.map((category) => (category === 'one' ? one : other)).join(DELIMITER);
}

/** A catalogue whose two-form messages are widened to Arabic's six (see `widenToArabicForms`). */
export function widenCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? widenToArabicForms(value) : widenCatalogue(value),
    ]),
  );
}

/** polyglot's `pluralRules` option: English's two forms, Arabic's six. */
export const pluralRules = {
  pluralTypes: {
    singular_plural: (count: number) => (count === 1 ? 0 : 1),
    arabic: arabicPluralIndex,
  },
  pluralTypeToLanguages: { singular_plural: ['en'], arabic: ['ar'] },
};
