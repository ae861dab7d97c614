import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A calendar day typed or picked as the back office writes days in both languages, `dd/mm/yyyy`
 * with Latin digits (a browser's own date field follows the browser's language, not the page's:
 * an Arabic page in an English browser would ask for mm/dd/yyyy). The calendar button opens the
 * browser's own picker on a hidden date field; the value travels as `YYYY-MM-DD`.
 */

/** `YYYY-MM-DD` as `dd/mm/yyyy`. */
export const dayText = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('/') : day);

/** `dd/mm/yyyy` (or `d/m/yyyy`, dots or dashes between) as `YYYY-MM-DD`, or null when it is no day. */
export function parseDayText(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, d, m, y] = match;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? day : null;
}

export interface DayInputProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  error?: boolean;
  describedBy?: string;
}

export function DayInput({ id, label, value, onChange, min, max, error, describedBy }: DayInputProps) {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(dayText(value));
  const [shown, setShown] = useState(value);
  // A day set from outside (the picker, a saved view, the default coming back) replaces the text.
  if (shown !== value) {
    setShown(value);
    setText(dayText(value));
  }
  const typed = (next: string) => {
    setText(next);
    const day = parseDayText(next);
    onChange(day ?? '');
  };
  return (
    <>
      <TextField
        id={id}
        size="small"
        label={label}
        value={text}
        onChange={(event) => typed(event.target.value)}
        error={error}
        required
        placeholder={translate('app.list.day_format')}
        sx={{ width: '13rem' }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { dir: 'ltr', inputMode: 'numeric', 'aria-describedby': describedBy, autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={translate('app.list.choose_day')}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <CalendarMonthOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none', border: 0 }}
      />
    </>
  );
}
