import { useCallback, useMemo } from 'react';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import type { EntitySchema } from '../../schema/types';
import { writeSchema } from '../../schema/variants';
import { editableData } from '../forms/formData';
import { RecordForm, stickyBarRoom } from './RecordForm';
import { sectionLabel } from './sections';
import { useEntitySchema } from './useEntitySchema';
import { useSaveOutcome } from './useSaveOutcome';

type Values = Record<string, unknown>;

/** "<record's name> — <section's field labels>", or the labels alone when the entity has no name. */
function SectionTitle({ entity, fields }: { entity: EntitySchema; fields: readonly string[] }) {
  const record = useRecordContext<Values>();
  const translate = useTranslate();
  const label = sectionLabel(entity, fields, translate);
  const name = 'name' in entity.properties && typeof record?.name === 'string' ? record.name : undefined;
  return <span>{name ? `${name} — ${label}` : label}</span>;
}

/**
 * The screen of a section (`x-resource.sections.<section>`): the edit form with only the section's
 * fields. The API's PUT replaces the whole record, so the save sends the loaded record's writable
 * fields with the section's fields replaced (a write-only password left out is kept by the API).
 */
export default function ResourceSection({ section }: { section: string }) {
  const entity = useEntitySchema();
  const outcome = useSaveOutcome(entity, 'updated');
  const fields = entity['x-resource'].sections?.[section]?.fields;
  if (!fields) throw new Error(`${entity.$id} has no section ${section}`);
  const updateSchema = useMemo(() => writeSchema(entity, 'update'), [entity]);
  const wholeRecord = useCallback(
    (data: Values, options?: { previousData?: Values }) => ({
      ...editableData(updateSchema, options?.previousData),
      ...data,
    }),
    [updateSchema],
  );
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={outcome}
      sx={stickyBarRoom}
      transform={wholeRecord}
      title={<SectionTitle entity={entity} fields={fields} />}
    >
      <RecordForm operation="update" fields={fields} />
    </Edit>
  );
}
