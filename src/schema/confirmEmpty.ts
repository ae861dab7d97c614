import type { XConfirmEmpty } from '../generated/vocabulary';

/** The signed-in merchant's settings a form consults (`x-confirmEmpty.when`): property name → value. */
export type MerchantSettings = Readonly<Record<string, unknown>>;

/** The merchant setting that switches an `x-confirmEmpty` question on, if the hint names one. */
export const confirmEmptySetting = (hint: XConfirmEmpty | undefined): string | undefined =>
  typeof hint === 'object' ? hint.when : undefined;

/**
 * The question (catalogue key) an `x-confirmEmpty` hint asks, given the merchant's settings: the
 * plain form always asks; `{ message, when }` asks only when that setting is on.
 */
export function confirmEmptyQuestion(
  hint: XConfirmEmpty | undefined,
  settings: MerchantSettings | undefined,
): string | undefined {
  if (hint === undefined) return undefined;
  if (typeof hint === 'string') return hint;
  return settings?.[hint.when] === true ? hint.message : undefined;
}

/** The merchant settings any of these entities' `x-confirmEmpty` hints name (what the profile carries). */
export function confirmEmptySettings(
  entities: Iterable<{ properties: Record<string, { 'x-confirmEmpty'?: XConfirmEmpty }> }>,
): string[] {
  const names = new Set<string>();
  for (const entity of entities)
    for (const property of Object.values(entity.properties)) {
      const setting = confirmEmptySetting(property['x-confirmEmpty']);
      if (setting) names.add(setting);
    }
  return [...names];
}
