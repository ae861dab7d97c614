import { Edit } from 'react-admin';
import { RecordForm, stickyBarRoom } from './RecordForm';
import { RecordPageTitle } from './RecordPageTitle';
import { useEntitySchema } from './useEntitySchema';
import { useSaveOutcome } from './useSaveOutcome';

/**
 * The edit screen of any resource. Pessimistic: the API's verdict (and its field errors) must be
 * known before the user is told the changes are saved.
 */
export default function ResourceEdit() {
  const entity = useEntitySchema();
  const outcome = useSaveOutcome(entity, 'updated');
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={outcome}
      title={<RecordPageTitle screen="edit" />}
      // The breadcrumbs above lead back to the record's page at its address.
      actions={false}
      sx={stickyBarRoom}
    >
      <RecordForm operation="update" />
    </Edit>
  );
}
