import TextField from '@mui/material/TextField';
import { SchemaExamples } from '@rjsf/core';
import { examplesId, getInputProps, labelValue, type BaseInputTemplateProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';
import { fieldAria } from '../fieldAria';

type Slot = 'input' | 'htmlInput' | 'inputLabel';
type Slots = Partial<Record<Slot, Record<string, unknown>>>;

/** Input types the browser draws a placeholder in (dd/mm/yyyy…): their label stays above the box. */
const SHRUNK_LABEL_TYPES = new Set(['date', 'datetime-local', 'time', 'file']);

/** Addresses and numbers read left to right in Arabic too; their boxes keep that direction. */
const LEFT_TO_RIGHT_TYPES = new Set(['email', 'url', 'tel']);

/**
 * The text box behind every text, e-mail, number and textarea field and our money, password and
 * date widgets. Unlike @rjsf/mui's, it puts the field's description (error, description, help) and
 * `aria-invalid` on the `<input>` itself, where a screen reader reads them with the field, not on
 * the TextField's wrapper. Slot props come from the widget (`slotProps`) and from the uiSchema
 * (`ui:options.mui.slotProps`, e.g. an `x-ui.dir` hint), the latter winning.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    type,
    value,
    label,
    hideLabel,
    placeholder,
    required,
    disabled,
    readonly,
    options,
    schema,
    rawErrors,
    onChange,
    onChangeOverride,
    onBlur,
    onFocus,
    multiline,
    rows,
  } = props;
  const {
    type: inputType,
    step,
    min,
    max,
    accept,
    autoComplete,
    autoCapitalize,
  } = getInputProps(schema, type, options);
  const { slotProps: uiSlots = {}, ...muiProps } = (options.mui ?? {}) as { slotProps?: Slots };
  const widgetSlots: Slots = props.slotProps ?? {};
  const slot = (name: Slot) => ({ ...widgetSlots[name], ...uiSlots[name] });
  const withExamples = Boolean(schema.examples);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) =>
    onChange(event.target.value === '' ? options.emptyValue : event.target.value);
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value);
  const handleFocus = (event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value);

  return (
    <>
      <TextField
        {...muiProps}
        id={id}
        name={htmlName || id}
        type={inputType}
        label={labelValue(label || undefined, hideLabel, undefined)}
        placeholder={placeholder}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled || readonly}
        multiline={multiline}
        rows={rows}
        value={value || value === 0 ? value : ''}
        error={(rawErrors?.length ?? 0) > 0}
        onChange={onChangeOverride ?? handleChange}
        onBlur={handleBlur}
        onFocus={handleFocus}
        slotProps={{
          input: slot('input'),
          inputLabel: SHRUNK_LABEL_TYPES.has(inputType) ? { ...slot('inputLabel'), shrink: true } : slot('inputLabel'),
          htmlInput: {
            step,
            min,
            max,
            accept,
            autoCapitalize,
            list: withExamples ? examplesId(id) : undefined,
            // Names, references and templates may be Latin or mixed: each box follows what is typed in it.
            dir: LEFT_TO_RIGHT_TYPES.has(inputType) ? 'ltr' : 'auto',
            ...slot('htmlInput'),
            ...fieldAria(id, rawErrors, withExamples),
          },
        }}
      />
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
