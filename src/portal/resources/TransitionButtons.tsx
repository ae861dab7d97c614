import Box from '@mui/material/Box';
import { useState, type MouseEvent } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
  type HttpError,
  type RaRecord,
} from 'react-admin';
import { actionConfirmKey, actionLabelKey, allowedTransitions, type Transition } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { PortalDataProvider } from '../data/dataProvider';
import { humanise } from '../forms/translate';

/**
 * On a list row a click must not open the record as well: neither on the button nor in its
 * dialog, whose clicks reach the row through React's tree although it is drawn elsewhere.
 */
const keepInside = (event: MouseEvent) => event.stopPropagation();

/**
 * Runs one action of `x-transitions` on a record, after a confirmation when the schema asks for
 * one; then says so and refreshes what is shown (the list too: the record may leave its view). A
 * refusal shows the server's message (the status changed meanwhile, say).
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
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const label = translate(actionLabelKey(entity.$id, transition.action), { _: humanise(transition.action) });
  const question = translate(actionConfirmKey(entity.$id, transition.action), {
    _: translate('app.transition.confirm', { action: label }),
  });

  const run = async () => {
    setAsking(false);
    setRunning(true);
    try {
      await dataProvider.transition(entity.$id, { id: record.id, action: transition.action });
      notify('app.message.changes_saved', { type: 'success' });
      refresh();
    } catch (error) {
      const message = (error as Partial<HttpError> | null)?.message || 'app.message.generic_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box component="span" onClick={keepInside} sx={{ display: 'inline-flex' }}>
      <Button
        label={label}
        disabled={running}
        // In a row: a plain small word, close to its neighbours, on one line.
        sx={compact ? { minWidth: 0, px: 1, whiteSpace: 'nowrap' } : undefined}
        onClick={() => {
          if (transition.confirm) setAsking(true);
          else void run();
        }}
      />
      {transition.confirm && (
        <Confirm
          isOpen={asking}
          loading={running}
          title={label}
          content={question}
          onConfirm={run}
          onClose={() => setAsking(false)}
        />
      )}
    </Box>
  );
}

/**
 * A button per action of `x-transitions` the record's current status allows (an order waiting
 * can be processed or rejected, a shipped one delivered), labelled `resources.<entity>.actions.<action>`.
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
  const buttons = allowedTransitions(entity, record).map((transition) => (
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
