import { useDataProvider, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { commandGate, commandMatches } from '../../schema/access';
import { actionConfirmKey, actionLabelKey } from '../../schema/relations';
import type { EntitySchema, XCommand } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import type { PortalDataProvider } from '../data/dataProvider';
import { humanise } from '../forms/translate';
import { mayDo } from './access';
import { RecordActionButton } from './RecordActionButton';

/**
 * Runs one command of `x-resource.commands` on a record, after a confirmation when the schema
 * asks for one (`resources.<entity>.actions.<name>_confirm`); says `….<name>_done` once done.
 */
function CommandButton({
  entity,
  record,
  name,
  command,
}: {
  entity: EntitySchema;
  record: RaRecord;
  name: string;
  command: XCommand;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const label = translate(actionLabelKey(entity.$id, name), { _: humanise(name) });
  const question = command.confirm
    ? translate(actionConfirmKey(entity.$id, name), { _: translate('app.transition.confirm', { action: label }) })
    : undefined;
  return (
    <RecordActionButton
      label={label}
      question={question}
      done={{
        message: `${actionLabelKey(entity.$id, name)}_done`,
        args: { _: translate('app.message.changes_saved') },
      }}
      perform={() => dataProvider.command(entity.$id, { id: record.id, command: name })}
    />
  );
}

/**
 * A button per `x-resource.commands` entry the record allows now (resend an unpaid invoice's SMS,
 * reset an employee's two-factor), leaving out the admin's own commands for everyone else and those
 * the user lacks the permission of (`x-resource.permissions`, and that of the record's values a
 * command names in `valuePermissions`: resending an invoice needs its channel's).
 */
export function CommandButtons({ entity, record }: { entity: EntitySchema; record: RaRecord }) {
  const { permissions } = usePermissions<PortalPermissions>();
  const isAdmin = permissions?.role === 'admin';
  return Object.entries(entity['x-resource'].commands ?? {})
    .filter(
      ([name, command]) =>
        commandMatches(entity, name, record) &&
        (!command.adminOnly || isAdmin) &&
        mayDo(commandGate(entity, name, record), name, permissions),
    )
    .map(([name, command]) => (
      <CommandButton key={name} entity={entity} record={record} name={name} command={command} />
    ));
}
