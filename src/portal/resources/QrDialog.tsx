import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { QrCode } from './QrCode';

/** Printed, the page holds the code and its link only: the back office around the dialog is left out. */
const PRINT_ONLY_THE_CODE = {
  '@media print': {
    'body *': { visibility: 'hidden' },
    '.qr-print, .qr-print *': { visibility: 'visible' },
    // Fixed to the page, so that neither the dialog's narrow paper nor its scrolling clips the code.
    '.qr-print': { position: 'fixed', top: 0, left: 0, right: 0, textAlign: 'center' },
    '.MuiDialog-paper': { overflow: 'visible', boxShadow: 'none' },
    '.qr-print-actions': { display: 'none' },
  },
} as const;

/**
 * A link's QR code, large enough to scan from the screen, with the link under it and a "Print"
 * button that prints the code alone on a clean page (to stick on a counter or a parcel).
 */
export function QrDialog({ href, open, onClose }: { href: string; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const title = translate('app.link.qr_title');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="qr-dialog-title"
      onClick={(event) => event.stopPropagation()}
    >
      {open && <GlobalStyles styles={PRINT_ONLY_THE_CODE} />}
      <div className="qr-print">
        <DialogTitle id="qr-dialog-title">{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, justifyItems: 'center' }}>
          <QrCode text={href} label={title} width={240} />
          <Typography variant="body2" dir="ltr" sx={{ wordBreak: 'break-all', textAlign: 'center' }}>
            {href}
          </Typography>
        </DialogContent>
      </div>
      <DialogActions className="qr-print-actions">
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        <Button variant="contained" startIcon={<Print />} onClick={() => globalThis.print()}>
          {translate('app.link.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
