import { useContext, useEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import { DataProviderContext } from 'react-admin';
import { filledFrom, referenceOf } from '../../schema/relations';
import type { PropertySchema, XFrom } from '../../schema/types';

type FormValues = Record<string, unknown>;

/** A reference of the form and the fields filled from the record it names. */
interface Source {
  reference: string;
  entity: string;
  fields: [string, XFrom][];
}

function sourcesOf(schema: { properties?: Record<string, PropertySchema> }): Source[] {
  const sources = new Map<string, Source>();
  for (const [name, from] of filledFrom(schema)) {
    const reference = schema.properties?.[from.reference];
    const spec = reference && referenceOf(reference);
    if (!spec) continue;
    const source = sources.get(from.reference) ?? { reference: from.reference, entity: spec.entity, fields: [] };
    source.fields.push([name, from]);
    sources.set(from.reference, source);
  }
  return [...sources.values()];
}

/** The form's values with the fields of `source` taken from `record` (left empty without one). */
function filled(values: FormValues, { fields }: Source, record?: FormValues): FormValues {
  const next = { ...values };
  for (const [name, { property }] of fields) {
    const value = record?.[property];
    if (value === null || value === undefined) delete next[name];
    else next[name] = value;
  }
  return next;
}

/**
 * `x-from` in a form: when a reference is chosen, the fields filled from the record it names (a
 * refund's pending amount from its transaction) are fetched and set, so the form's rules compare
 * with the values the server will use; they are emptied when the reference is. Outside the back
 * office (no data provider to ask) the fields keep what they hold.
 */
export function useFilledFrom(
  schema: { properties?: Record<string, PropertySchema> },
  values: FormValues,
  setValues: Dispatch<SetStateAction<FormValues>>,
): void {
  const dataProvider = useContext(DataProviderContext);
  const sources = useMemo(() => sourcesOf(schema), [schema]);
  // The id each reference was last filled from: a change of another field asks for nothing.
  const filledWith = useRef(new Map<string, unknown>());
  const ids = JSON.stringify(sources.map(({ reference }) => values[reference] ?? null));

  useEffect(() => {
    if (!dataProvider) return;
    const current = JSON.parse(ids) as unknown[];
    sources.forEach((source, index) => {
      const id = current[index];
      if (filledWith.current.get(source.reference) === (id ?? undefined)) return;
      filledWith.current.set(source.reference, id ?? undefined);
      if (typeof id !== 'number') {
        setValues((previous) => filled(previous, source));
        return;
      }
      dataProvider.getOne(source.entity, { id }).then(
        ({ data }) =>
          // Only if the reference still names that record (another may have been chosen meanwhile).
          setValues((previous) => (previous[source.reference] === id ? filled(previous, source, data) : previous)),
        // The record cannot be read: the fields stay as they are and the server fills them.
        () => undefined,
      );
    });
  }, [dataProvider, sources, ids, setValues]);
}
