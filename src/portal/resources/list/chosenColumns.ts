import { useStore } from 'react-admin';

/**
 * The columns a user chose to see in one list, kept in the portal's store under the list's own key
 * (`<list store key>.columns`), so each list (and each view of an entity) remembers its own choice.
 * `null`: no choice made, every column of the list's schema (`x-list.columns`, or the view's).
 */
export const columnsStoreKey = (listStoreKey: string) => `${listStoreKey}.columns`;

/** The choice of `listStoreKey`'s columns and its setter. */
export function useChosenColumns(listStoreKey: string) {
  return useStore<string[] | null>(columnsStoreKey(listStoreKey), null);
}

/**
 * The columns shown: those of the schema that the choice keeps, in the schema's order (a column
 * chosen once and gone from the schema since is left out); all of them without a choice, or when
 * the choice keeps none.
 */
export function shownColumns(columns: readonly string[], chosen: readonly string[] | null): readonly string[] {
  if (!chosen) return columns;
  const shown = columns.filter((name) => chosen.includes(name));
  return shown.length > 0 ? shown : columns;
}
