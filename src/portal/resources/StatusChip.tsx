import type { Tone } from '../../schema/tones';
import { CHIP_CLASS } from '../theme/valueStyles';

/**
 * An enum value as a chip, coloured by what it means (`x-ui.tones`): paid green, unpaid amber,
 * failed red, cancelled grey. A value without a tone (a payment method) stays a plain outline.
 * A plain element styled by one shared rule (`theme/valueStyles.ts`): a list shows one in every
 * row, and a styled component per row would cost each row its own style work.
 */
export function StatusChip({ label, tone, size = 'small' }: { label: string; tone?: Tone; size?: 'small' | 'medium' }) {
  return (
    <span className={CHIP_CLASS} data-tone={tone} data-size={size}>
      {label}
    </span>
  );
}
