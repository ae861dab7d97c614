import { Create } from 'react-admin';
import { RecordForm, stickyBarRoom } from './RecordForm';
import { useEntitySchema } from './useEntitySchema';
import { useSaveOutcome } from './useSaveOutcome';

/** The create screen of any resource. */
export default function ResourceCreate() {
  const entity = useEntitySchema();
  const outcome = useSaveOutcome(entity, 'created');
  return (
    <Create mutationOptions={outcome} sx={stickyBarRoom}>
      <RecordForm operation="create" />
    </Create>
  );
}
