import InputAdornment from '@mui/material/InputAdornment';
import type { WidgetProps } from '@rjsf/utils';
import { formContextOf } from '../formContext';

/**
 * A KWD amount: a text input (amounts travel as decimal strings, never floats) with the currency
 * after it and the decimal keypad on phones. Digits stay left to right in Arabic too.
 */
export function MoneyWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  const { translate } = formContextOf(props.registry);
  return (
    <BaseInputTemplate
      {...props}
      type="text"
      slotProps={{
        input: {
          endAdornment: <InputAdornment position="end">{translate('app.currency.kwd', { _: 'KWD' })}</InputAdornment>,
        },
        htmlInput: { inputMode: 'decimal', dir: 'ltr', autoComplete: 'off' },
      }}
    />
  );
}
