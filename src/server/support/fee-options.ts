import type { ChargeValues } from './fees';
import { SupportError } from './services';

/**
 * The options of support's fee commands (`npm run support -- admin-charge …`): `--percent 2.5
 * --fixed 0.100 --min 0.050 --max 5.000`, `--from-volume 1000` for a commission tier, and
 * `--remove` alone to take the charge away. Values are passed on as typed; the entity's schema
 * checks them.
 */

const FLAGS = {
  '--percent': 'percent',
  '--fixed': 'fixed_amount',
  '--min': 'min_amount',
  '--max': 'max_amount',
  '--from-volume': 'monthly_volume_from',
} as const;

type Flag = keyof typeof FLAGS;

export interface ChargeOptions {
  values: ChargeValues & { monthly_volume_from?: string };
  remove: boolean;
}

/** Reads the options after a command's arguments; `volume`: `--from-volume` is allowed (commission). */
export function chargeOptions(args: readonly string[], volume = false): ChargeOptions {
  const values: ChargeOptions['values'] = {};
  let remove = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--remove') {
      remove = true;
      continue;
    }
    if (!(arg in FLAGS) || (arg === '--from-volume' && !volume)) throw new SupportError(`Unknown option ${arg}`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new SupportError(`${arg} needs a value`);
    values[FLAGS[arg as Flag]] = value;
    i++;
  }
  if (remove && Object.keys(values).length > 0) throw new SupportError('--remove takes no other option');
  if (!remove && Object.keys(values).length === 0)
    throw new SupportError('Give the charge: --percent, --fixed, --min or --max');
  return { values, remove };
}
