import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { labelValue, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';
import { fieldAria } from '../fieldAria';

/**
 * A boolean flag (active, discount on, terms shown) as a switch: on or off takes effect as a
 * setting does, which a checkbox does not say. Registered in place of rjsf's checkbox, so every
 * boolean property gets it; an array of choices keeps its checkboxes.
 */
export function SwitchWidget(props: WidgetProps) {
  const { schema, id, htmlName, value, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  const required = schemaRequiresTrueValue(schema) && props.required;
  return (
    <FormControlLabel
      required={required}
      sx={{ minHeight: 56, mx: 0, gap: 1 }}
      control={
        <Switch
          id={id}
          name={htmlName || id}
          checked={Boolean(value)}
          required={required}
          disabled={disabled || readonly}
          onChange={(_, checked) => onChange(checked)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          slotProps={{ input: fieldAria(id, props.rawErrors) }}
        />
      }
      label={labelValue(label, hideLabel, false)}
    />
  );
}
