import DownloadIcon from '@mui/icons-material/GetApp';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../data/dataProvider';
import { ToolbarButton } from './list/ToolbarButton';
import { saveFile } from './saveFile';

/**
 * The list's "Export" button: downloads every row of the current filter and sort (all pages) as
 * the API's CSV file (`<endpoint>/export`), under the name the API gives it. The file is built
 * by the server as it reads the rows, so the button only waits, saying so, then saves the file.
 */

export function ExportButton() {
  const { resource, filter, filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const file = await dataProvider.exportFile(resource, { filter: { ...filterValues, ...filter }, sort });
      saveFile(file.blob, file.fileName);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      notify('app.export.failed', { type: 'error', messageArgs: { reason } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolbarButton
      label={busy ? 'app.export.preparing' : 'app.export.button'}
      icon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      onClick={() => void download()}
      disabled={busy || total === 0}
      aria-busy={busy}
    />
  );
}
