import { useMemo } from 'react';
import { FunctionField, Show, SimpleShowLayout } from 'react-admin';
import { childrenOf } from '../../schema/relations';
import { RecordValue } from './RecordValue';
import { ShowActions } from './ShowActions';
import { useEntitySchema } from './useEntitySchema';

/**
 * The detail screen of any resource: every property but the write-only ones (secrets) and the
 * child records sent with a create (`x-children`: records of their own afterwards, never part of
 * the record read), with its sections' and actions' buttons.
 */
export default function ResourceShow() {
  const entity = useEntitySchema();
  const names = useMemo(
    () =>
      Object.entries(entity.properties)
        .filter(([, property]) => !property.writeOnly && !childrenOf(property))
        .map(([name]) => name),
    [entity],
  );
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        {names.map((name) => (
          <FunctionField
            key={name}
            source={name}
            render={(record: Record<string, unknown>) => <RecordValue entity={entity} path={name} record={record} />}
          />
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
