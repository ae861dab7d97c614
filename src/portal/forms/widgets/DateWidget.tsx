import CalendarMonth from '@mui/icons-material/CalendarMonth';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { visuallyHidden } from '@mui/utils';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState, type ChangeEvent } from 'react';
import { formContextOf } from '../formContext';
import { dateToText, textToDate } from './dateText';

/**
 * A calendar date (`format: date`) typed as day/month/year in either language (the browser's own
 * date box follows the browser's locale, so an Arabic page showed mm/dd/yyyy), with a calendar
 * button that opens the browser's picker. Text that is not yet a date is kept as typed, so the
 * form's check says what is wrong with it.
 */
export function DateWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  const { translate } = formContextOf(props.registry);
  const { id, value, onChange, disabled, readonly } = props;
  const picker = useRef<HTMLInputElement>(null);
  // What the box shows, with the value it stands for: a value changed from outside (a reset, a
  // prefill) is shown anew, while text being typed stays as it is.
  const [shown, setShown] = useState<{ value: unknown; text: string }>(() => ({ value, text: dateToText(value) }));
  if (shown.value !== value) setShown({ value, text: dateToText(value) });
  const emit = (next: string | undefined, text: string) => {
    setShown({ value: next, text });
    onChange(next);
  };
  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    emit(text === '' ? undefined : (textToDate(text) ?? text), text);
  };
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value || undefined;
    emit(next, dateToText(next));
  };
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    if (typeof input.showPicker === 'function') input.showPicker();
    else input.focus();
  };
  return (
    <BaseInputTemplate
      {...props}
      type="text"
      value={shown.text}
      onChangeOverride={typed}
      placeholder={translate('app.form.date_placeholder', { _: 'dd/mm/yyyy' })}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { dir: 'ltr', inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                edge="end"
                onClick={openPicker}
                disabled={disabled || readonly}
                aria-label={translate('app.form.open_calendar', { _: 'Choose a date' })}
              >
                <CalendarMonth />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                id={`${id}__picker`}
                value={typeof value === 'string' && textToDate(dateToText(value)) ? value : ''}
                onChange={picked}
                style={{ ...visuallyHidden, bottom: 0, insetInlineEnd: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
