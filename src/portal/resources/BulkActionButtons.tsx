import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import DownloadIcon from '@mui/icons-material/GetApp';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useListContext,
  useNotify,
  usePermissions,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { actionLabelKey } from '../../schema/relations';
import type { EntitySchema, XBulkAction } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import type { PortalDataProvider } from '../data/dataProvider';
import { humanise } from '../forms/translate';
import { mayDo } from './access';
import { saveFile } from './saveFile';
import { usePortalEntities } from './usePortalEntities';

/**
 * The buttons a list shows over the rows ticked in it, one per `x-resource.bulkActions` entry the
 * user may use (the list gate of the entity the endpoint acts for): sends the rows' ids at once and
 * says `resources.<entity>.actions.<name>_done` with the record answered, or saves the file a
 * download answers. The server's refusal shows as it words it.
 */
function BulkActionButton({ entity, name, action }: { entity: EntitySchema; name: string; action: XBulkAction }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const key = actionLabelKey(entity.$id, name);

  const run = async () => {
    setBusy(true);
    try {
      const answer = await dataProvider.bulkAction(entity.$id, { ids: selectedIds, action: name });
      if ('file' in answer) saveFile(answer.file.blob, answer.file.fileName);
      else {
        const record = typeof answer.data === 'object' && answer.data !== null ? answer.data : {};
        notify(`${key}_done`, {
          type: 'success',
          messageArgs: { ...record, _: translate('app.message.changes_saved') },
        });
        onUnselectItems();
        refresh();
      }
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label={translate(key, { _: humanise(name) })}
      onClick={() => void run()}
      disabled={busy || selectedIds.length === 0}
      aria-busy={busy}
    >
      {busy ? (
        <CircularProgress size={16} color="inherit" />
      ) : action.download ? (
        <DownloadIcon />
      ) : (
        <PlaylistPlayIcon />
      )}
    </Button>
  );
}

/** Whether a list of `entity` has actions on ticked rows: its table then offers ticks. */
export const hasBulkActions = (entity: EntitySchema) => Object.keys(entity['x-resource'].bulkActions ?? {}).length > 0;

export function BulkActionButtons({ entity }: { entity: EntitySchema }) {
  const { permissions } = usePermissions<PortalPermissions>();
  const entities = usePortalEntities();
  return Object.entries(entity['x-resource'].bulkActions ?? {})
    .filter(([, action]) => {
      const gate = action.entity ? entities.find((candidate) => candidate.$id === action.entity) : entity;
      return gate !== undefined && mayDo(gate, 'list', permissions);
    })
    .map(([name, action]) => <BulkActionButton key={name} entity={entity} name={name} action={action} />);
}
