import { useMemo } from 'react';
import { FunctionField, Show, SimpleShowLayout, useRecordContext } from 'react-admin';
import { childrenOf } from '../../schema/relations';
import { applies } from '../../schema/when';
import type { EntitySchema } from '../../schema/types';
import { RecordValue } from './RecordValue';
import { ShowActions } from './ShowActions';
import { useEntitySchema } from './useEntitySchema';

/**
 * The detail screen of any resource: every property but the write-only ones (secrets), the
 * child records sent with a create (`x-children`: records of their own afterwards, never part of
 * the record read) and those that do not apply to this record (`x-when`: a quick invoice has no
 * parts count), with its sections', commands' and actions' buttons.
 */
export default function ResourceShow() {
  const entity = useEntitySchema();
  return (
    <Show actions={<ShowActions />}>
      <ShowFields entity={entity} />
    </Show>
  );
}

function ShowFields({ entity }: { entity: EntitySchema }) {
  const record = useRecordContext<Record<string, unknown>>();
  const shown = useMemo(
    () => Object.entries(entity.properties).filter(([, property]) => !property.writeOnly && !childrenOf(property)),
    [entity],
  );
  const names = shown.filter(([, property]) => !record || applies(property, record)).map(([name]) => name);
  return (
    <SimpleShowLayout>
      {names.map((name) => (
        <FunctionField
          key={name}
          source={name}
          render={(row: Record<string, unknown>) => <RecordValue entity={entity} path={name} record={row} />}
        />
      ))}
    </SimpleShowLayout>
  );
}
