import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { encode } from 'uqr';

/** The dark modules of `text`'s QR code (error correction M) as one SVG path, one square each. */
export function qrPath(text: string): { path: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return { path, size };
}

/**
 * The QR code of `text` as SVG squares (no markup strings, so nothing for the CSP to allow), black
 * on white in either theme so that a phone's camera reads it from the screen or from paper.
 */
export function QrCode({ text, label, width = 192 }: { text: string; label: string; width?: number }) {
  const { path, size } = useMemo(() => qrPath(text), [text]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      sx={{ width, height: width, bgcolor: '#fff', justifySelf: 'center', display: 'block' }}
    >
      <path d={path} fill="#000" />
    </Box>
  );
}
