import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import {
  ariaDescribedByIds,
  enumOptionsDeselectValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  enumOptionValueDecoder,
  getOptionValueFormat,
  labelValue,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';

/**
 * A choice of several enum values (a `uniqueItems` array) as a `<fieldset>` named by its
 * `<legend>`, the field's label: a screen reader says "SMS, group" before "E-mail, checkbox", so
 * options repeated across lists (Create, View, E-mail) are told apart. The field's error describes
 * the group and each of its boxes. The rjsf id (`root_permissions_sms`) stays on the boxes'
 * container, not the fieldset: rjsf focuses a refused field by looking its id up among the form's
 * elements, where a fieldset would be found (and take no focus) instead of the first box.
 */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, htmlName, label, hideLabel, required, disabled, readonly, value, options, rawErrors = [] } = props;
  const { onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled, inline, emptyValue } = options;
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const describedBy = ariaDescribedByIds(id);

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(
      event.target.checked
        ? enumOptionsSelectValue(index, selected, enumOptions)
        : enumOptionsDeselectValue(index, selected, enumOptions),
    );
  // Focus events reach the checkbox's root from its <input>.
  const decode = (event: FocusEvent) =>
    enumOptionValueDecoder(
      (event.target as HTMLInputElement).value,
      enumOptions,
      getOptionValueFormat(options),
      emptyValue,
    );
  const handleBlur = (event: FocusEvent) => onBlur(id, decode(event));
  const handleFocus = (event: FocusEvent) => onFocus(id, decode(event));

  // No margin of its own: the field's FormControl around it (rjsf's FieldTemplate) has the theme's.
  return (
    <FormControl
      component="fieldset"
      margin="none"
      error={rawErrors.length > 0}
      aria-describedby={describedBy}
      fullWidth
    >
      {labelValue(
        <FormLabel component="legend" required={required}>
          {label}
        </FormLabel>,
        hideLabel,
      )}
      <FormGroup id={id} row={Boolean(inline)}>
        {enumOptions.map((option, index) => (
          <FormControlLabel
            key={String(option.value)}
            label={option.label}
            control={
              <Checkbox
                id={optionId(id, index)}
                name={htmlName || id}
                checked={enumOptionsIsSelected(option.value, selected)}
                disabled={disabled || readonly || (Array.isArray(enumDisabled) && enumDisabled.includes(option.value))}
                onChange={handleChange(index)}
                onBlur={handleBlur}
                onFocus={handleFocus}
                slotProps={{ input: { 'aria-describedby': describedBy } }}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
