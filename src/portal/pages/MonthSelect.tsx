import type { Breakpoint } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useLocaleState } from 'react-admin';
import { addToMonth } from '../../shared/merchant-usage';
import { monthName } from './usage/monthName';

/** This month in Kuwait (UTC+3, no daylight saving), `YYYY-MM`. */
export const kuwaitMonth = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);

/**
 * The months a report offers around `current` (`YYYY-MM`), newest first: `ahead` months after it,
 * `back` months before it, and `shown` wherever it falls outside them.
 */
export function monthChoices(shown: string, current: string, { back, ahead }: { back: number; ahead: number }) {
  const months = Array.from({ length: ahead + back + 1 }, (_, index) => addToMonth(current, ahead - index));
  return months.includes(shown) || !shown ? months : [shown, ...months].sort().reverse();
}

export interface MonthSelectProps {
  id?: string;
  label: string;
  /** `YYYY-MM`; empty while the report has not said which month it shows. */
  value: string;
  onChange: (month: string) => void;
  /** The current month, and how far the choices reach from it. */
  current: string;
  reach: { back: number; ahead: number };
  error?: boolean;
  describedBy?: string;
  width?: number | string | Partial<Record<Breakpoint, number | string>>;
}

/**
 * A report's month, chosen from months named in the user's language: a browser's own month field
 * follows the browser's language, not the page's ("December 2026" on an Arabic page).
 */
export function MonthSelect({
  id,
  label,
  value,
  onChange,
  current,
  reach,
  error,
  describedBy,
  width,
}: MonthSelectProps) {
  const [language = 'en'] = useLocaleState();
  return (
    <TextField
      id={id}
      select
      required
      size="small"
      label={label}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        select: { native: true },
        htmlInput: { 'aria-describedby': describedBy },
      }}
      sx={{ width: width ?? '14rem' }}
    >
      {value ? (
        monthChoices(value, current, reach).map((choice) => (
          <option key={choice} value={choice}>
            {monthName(choice, language)}
          </option>
        ))
      ) : (
        <option value="" />
      )}
    </TextField>
  );
}
