import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
  type HttpError,
  type RaRecord,
} from 'react-admin';
import type { EntitySchema } from '../../schema/types';
import type { PortalDataProvider } from '../data/dataProvider';
import { humanise } from '../forms/translate';

const matches = (record: RaRecord, when: Record<string, unknown[]> | undefined) =>
  !when || Object.entries(when).every(([field, values]) => values.includes(record[field]));

/**
 * A button per `x-resource.commands` entry the record allows now (resend an unpaid invoice's SMS):
 * runs it, says it is done (`resources.<entity>.actions.<name>_done`) or shows the server's refusal.
 */
export function CommandButtons({ entity, record }: { entity: EntitySchema; record: RaRecord }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [running, setRunning] = useState<string | null>(null);
  const commands = Object.entries(entity['x-resource'].commands ?? {}).filter(([, command]) =>
    matches(record, command.when),
  );
  const run = async (name: string) => {
    setRunning(name);
    try {
      await dataProvider.command(entity.$id, { id: record.id, command: name });
      notify(`resources.${entity.$id}.actions.${name}_done`, {
        type: 'success',
        messageArgs: { _: translate('app.message.changes_saved') },
      });
      refresh();
    } catch (error) {
      const message = (error as Partial<HttpError> | null)?.message || 'app.message.generic_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setRunning(null);
    }
  };
  return commands.map(([name]) => (
    <Button
      key={name}
      label={translate(`resources.${entity.$id}.actions.${name}`, { _: humanise(name) })}
      disabled={running !== null}
      onClick={() => void run(name)}
    />
  ));
}
