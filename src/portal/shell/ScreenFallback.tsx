import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { translateMessage } from '../data/catalogues';
import { useSessionSlice } from '../data/session';

/** What shows while a screen's chunk loads. */
export function ScreenFallback() {
  const { language } = useSessionSlice('global');
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
    >
      <CircularProgress aria-label={translateMessage('ra.page.loading', language)} />
    </Box>
  );
}
