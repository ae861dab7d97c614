import { Show } from 'react-admin';
import { RecordHeader } from './RecordHeader';
import { RecordSections } from './RecordSections';
import { RecordTimeline } from './RecordTimeline';
import { RecordPageTitle } from './RecordPageTitle';
import { RelatedRecords } from './RelatedRecords';
import { ShowActions } from './ShowActions';
import { useEntitySchema } from './useEntitySchema';

/**
 * The detail screen of any resource, a designed page from the schema's hints: a header with the
 * record's title, status and key figure, its fields in titled sections (`x-resource.layout`; the
 * internal ones left out), the records pointing at it, and its timeline from the change history
 * and the activity log; its sections', commands', actions' and creates' buttons above.
 */
export default function ResourceShow() {
  const entity = useEntitySchema();
  return (
    <Show actions={<ShowActions />} title={<RecordPageTitle screen="show" />}>
      <RecordHeader entity={entity} />
      <RecordSections entity={entity} />
      <RelatedRecords entity={entity} />
      <RecordTimeline entity={entity} />
    </Show>
  );
}
