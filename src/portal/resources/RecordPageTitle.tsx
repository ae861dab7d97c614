import { useRecordContext, useTranslate } from 'react-admin';
import { humanise } from '../forms/translate';
import { useRecordTitle } from './recordTitle';
import { useEntitySchema } from './useEntitySchema';

/**
 * The app bar's title of a record's page or edit form: the entity's name and the record's human
 * title ("Invoice INV-2026-000040", "Payment transaction 100000123"), never "#<id>".
 */
export function RecordPageTitle({ screen }: { screen: 'show' | 'edit' }) {
  const entity = useEntitySchema();
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  const title = useRecordTitle(entity)(record);
  const name = translate(`resources.${entity.$id}.name`, { smart_count: 1, _: humanise(entity.$id) });
  return (
    <span>{title ? translate(`ra.page.${screen}`, { name, recordRepresentation: title, id: record?.id }) : name}</span>
  );
}
