import Box from '@mui/material/Box';
import { useDataProvider, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { actionConfirmKey, actionLabelKey, allowedTransitions, type Transition } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import type { PortalDataProvider } from '../data/dataProvider';
import { humanise } from '../forms/translate';
import { mayDo } from './access';
import { RecordActionButton } from './RecordActionButton';

/**
 * Runs one action of `x-transitions` on a record, after a confirmation when the schema asks for
 * one; an action that asks why (`reason`) asks for it in that dialog.
 */
function TransitionButton({
  entity,
  record,
  transition,
  compact,
}: {
  entity: EntitySchema;
  record: RaRecord;
  transition: Transition;
  compact: boolean;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const label = translate(actionLabelKey(entity.$id, transition.action), { _: humanise(transition.action) });
  const question = transition.confirm
    ? translate(actionConfirmKey(entity.$id, transition.action), {
        _: translate('app.transition.confirm', { action: label }),
      })
    : undefined;
  const reasonLabel =
    transition.reason === undefined
      ? undefined
      : translate(`resources.${entity.$id}.fields.${transition.reason}`, { _: humanise(transition.reason) });
  return (
    <RecordActionButton
      label={label}
      question={question ?? (reasonLabel === undefined ? undefined : label)}
      reasonLabel={reasonLabel}
      compact={compact}
      done={{ message: 'app.message.changes_saved' }}
      perform={(reason) => dataProvider.transition(entity.$id, { id: record.id, action: transition.action, reason })}
    />
  );
}

/** The actions of `x-transitions` the record's status allows and the user may take. */
export function useAllowedTransitions(entity: EntitySchema, record: RaRecord): Transition[] {
  const { permissions } = usePermissions<PortalPermissions>();
  const isAdmin = permissions?.role === 'admin';
  return allowedTransitions(entity, record).filter(
    ({ action, adminOnly }) => (!adminOnly || isAdmin) && mayDo(entity, action, permissions),
  );
}

/**
 * A button per action of `x-transitions` the record's current status allows (an order waiting
 * can be processed or rejected, a shipped one delivered) and the user may take (the action's
 * permission, `x-resource.permissions`; the admin's own actions, `adminOnly`), labelled
 * `resources.<entity>.actions.<action>`.
 * For the detail screen's toolbar, and `compact` for list rows.
 */
export function TransitionButtons({
  entity,
  record,
  compact = false,
}: {
  entity: EntitySchema;
  record: RaRecord;
  compact?: boolean;
}) {
  const buttons = useAllowedTransitions(entity, record).map((transition) => (
    <TransitionButton
      key={`${transition.property}.${transition.action}`}
      entity={entity}
      record={record}
      transition={transition}
      compact={compact}
    />
  ));
  if (!compact) return buttons;
  return buttons.length > 0 ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>{buttons}</Box> : null;
}
