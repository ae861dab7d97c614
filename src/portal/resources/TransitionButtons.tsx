import { useState } from 'react';
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
import { actionConfirmKeys, actionLabelKey, allowedTransitions, type Transition } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { PortalDataProvider } from '../data/dataProvider';
import { humanise } from '../forms/translate';

/**
 * Runs one action of `x-transitions` on a record, after a confirmation when the schema asks for
 * one; then says so and refreshes what is shown. A refusal shows the server's message (the status
 * changed meanwhile, say).
 */
function TransitionButton({
  entity,
  record,
  transition,
}: {
  entity: EntitySchema;
  record: RaRecord;
  transition: Transition;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const label = translate(actionLabelKey(entity.$id, transition.action), { _: humanise(transition.action) });
  const question = actionConfirmKeys(entity.$id, transition.action).reduceRight(
    (fallback, key) => translate(key, { _: fallback }),
    translate('app.transition.confirm', { action: label }),
  );

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
    <>
      <Button
        label={label}
        disabled={running}
        onClick={(event) => {
          // On a list row the click must not open the record as well.
          event.stopPropagation();
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
    </>
  );
}

/**
 * A button per action of `x-transitions` the record's current status allows (an order waiting
 * can be processed or rejected, a shipped one delivered), labelled `resources.<entity>.actions.<action>`.
 * For the detail screen's toolbar and for list rows.
 */
export function TransitionButtons({ entity, record }: { entity: EntitySchema; record: RaRecord }) {
  return allowedTransitions(entity, record).map((transition) => (
    <TransitionButton
      key={`${transition.property}.${transition.action}`}
      entity={entity}
      record={record}
      transition={transition}
    />
  ));
}
