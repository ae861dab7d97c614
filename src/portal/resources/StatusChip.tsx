import Chip from '@mui/material/Chip';
import { alpha, darken, type Theme } from '@mui/material/styles';
import type { Tone } from '../../schema/tones';

/** Text a shade darker than the tone on a light wash of it, for at least 4.5:1 contrast. */
const toned = (tone: Exclude<Tone, 'default'>) => (theme: Theme) => ({
  bgcolor: alpha(theme.palette[tone].main, 0.1),
  color: darken(theme.palette[tone].main, 0.25),
  borderColor: alpha(theme.palette[tone].main, 0.4),
});

/**
 * An enum value as a chip, coloured by what it means (`x-ui.tones`): paid green, unpaid amber,
 * failed red, cancelled grey. A value without a tone (a payment method) stays a plain outline.
 */
export function StatusChip({ label, tone, size = 'small' }: { label: string; tone?: Tone; size?: 'small' | 'medium' }) {
  return (
    <Chip
      size={size}
      variant="outlined"
      label={label}
      data-tone={tone}
      sx={[
        { fontWeight: tone ? 600 : undefined, maxWidth: '100%' },
        tone === 'default' && { bgcolor: 'action.hover' },
        tone !== undefined && tone !== 'default' && toned(tone),
      ]}
    />
  );
}
