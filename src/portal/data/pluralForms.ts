import type { Catalogue } from '../../shared/i18n';
import { polyglotPluralRules, widenToArabicForms } from '../../shared/plurals';

/**
 * Plural forms of the portal's messages, chosen by the same rule as the payer pages' and the API's
 * (`shared/plurals`): English two forms, Arabic six (zero, one, two, few, many, other).
 *
 * react-admin's own messages and a resource's name ("فاتورة |||| الفواتير") have only two forms
 * (`smart_count` 1 or 2): they are widened to six when the Arabic catalogue is built, the singular
 * for "one" and the plural for every other category, so they keep reading right.
 */

export { arabicPluralIndex, widenToArabicForms } from '../../shared/plurals';

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
export const pluralRules = polyglotPluralRules;
