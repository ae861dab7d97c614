import type { PropertySchema, XTones } from './types';

/**
 * Status tones (`x-ui.tones`): the colour a status value is shown in, by what it means to the
 * merchant. A status property's values not named by its hint take the shared tone of their name
 * here, so a new status enum reads sensibly before anyone tunes it.
 */

export type Tone = XTones[string];

const SHARED: Readonly<Record<string, Tone>> = {
  success: 'success',
  paid: 'success',
  processed: 'success',
  captured: 'success',
  completed: 'success',
  transferred: 'success',
  delivered: 'success',
  approved: 'success',
  active: 'success',
  sent: 'success',
  available: 'success',
  pending: 'warning',
  unpaid: 'warning',
  waiting: 'warning',
  on_hold: 'warning',
  not_transferred: 'warning',
  incomplete: 'warning',
  delete_pending: 'warning',
  awaiting_approval: 'warning',
  authorized: 'info',
  processing: 'info',
  scheduled: 'info',
  in_process: 'info',
  ready_to_ship: 'info',
  shipped: 'info',
  rented: 'info',
  failed: 'error',
  failure: 'error',
  rejected: 'error',
  blocked: 'error',
  suspended: 'error',
  terminated: 'error',
  overdue: 'error',
  cancelled: 'default',
  inactive: 'default',
  expired: 'default',
  refunded: 'default',
  ended: 'default',
  left: 'default',
  draft: 'default',
  delete_approved: 'default',
};

/** Whether an enum property is a status: it has tones, or is named `status` / `…_status`. */
export function isStatus(name: string, property: PropertySchema | undefined): boolean {
  if (!property?.enum) return false;
  return Boolean(property['x-ui']?.tones) || name === 'status' || name.endsWith('_status');
}

/**
 * The tone of one value of a property (the last segment of its path, `name`), or undefined for a
 * value that is not a status (a payment method has no tone: it is neither good nor bad news).
 */
export function toneOf(name: string, property: PropertySchema | undefined, value: unknown): Tone | undefined {
  if (!isStatus(name, property) || typeof value !== 'string') return undefined;
  return property?.['x-ui']?.tones?.[value] ?? SHARED[value];
}
