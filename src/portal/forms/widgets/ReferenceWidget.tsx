import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { useContext, type ChangeEvent, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { DataProviderContext } from 'react-admin';
import { referenceOf } from '../../../schema/relations';
import type { PropertySchema, XReferences } from '../../../schema/types';
import { useResourcePath } from '../../resources/screenPlace';
import { fieldAria } from '../fieldAria';
import { formContextOf } from '../formContext';
import type { Translate } from '../translate';
import { entityName, refusal, useReferenceChoices } from './referenceChoices';

/** There is nothing to choose yet: say so, and offer to create one first (SPEC §5). */
export function NoRecordYet({ entity, translate }: { entity: string; translate: Translate }) {
  const name = entityName(translate, entity);
  const resourcePath = useResourcePath();
  return (
    <Alert
      severity="info"
      sx={{ mt: 1 }}
      action={
        <Button component={Link} to={resourcePath({ resource: entity, type: 'create' })} color="inherit" size="small">
          {translate('app.reference.create', { entity: name })}
        </Button>
      }
    >
      {translate('app.reference.none', { entity: name })}
    </Alert>
  );
}

/**
 * An `x-references` property. In the back office, a choice among the referenced records (below);
 * a form used on its own, with no data provider to ask, takes the id as a number.
 */
export function ReferenceWidget(props: WidgetProps) {
  const dataProvider = useContext(DataProviderContext);
  if (!dataProvider) {
    const { BaseInputTemplate } = props.registry.templates;
    return <BaseInputTemplate {...props} type="number" />;
  }
  return <ReferenceChoice {...props} />;
}

/**
 * A choice among the referenced entity's records, by their `label` in the form's language and in
 * that order. Records `refuse` excludes are listed but cannot be chosen, with the reason (the one
 * already chosen stays choosable: the API only checks a changed reference). With no record at all the field says so
 * and links to the screen that creates one; a required field then keeps the form from being sent.
 */
function ReferenceChoice(props: WidgetProps) {
  const { id, htmlName, value, label, hideLabel, required, disabled, readonly, rawErrors = [] } = props;
  const { onChange, onBlur, onFocus, options, registry } = props;
  const spec = referenceOf(props.schema as PropertySchema) as XReferences;
  const { translate, language } = formContextOf(registry);
  const { records, isPending, error, none, textOf } = useReferenceChoices(spec, language);

  const decode = (text: string) => (text === '' ? options.emptyValue : Number(text));
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(decode(event.target.value));
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => onBlur(id, decode(event.target.value));
  const handleFocus = (event: FocusEvent<HTMLInputElement>) => onFocus(id, decode(event.target.value));

  return (
    <>
      <TextField
        id={id}
        name={htmlName || id}
        select
        fullWidth
        value={value ?? ''}
        label={labelValue(label || undefined, hideLabel, undefined)}
        required={required}
        disabled={disabled || readonly || isPending || none}
        error={rawErrors.length > 0}
        onChange={handleChange}
        onBlur={handleBlur}
        onFocus={handleFocus}
        helperText={error ? error.message : undefined}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: fieldAria(id, rawErrors),
        }}
      >
        <option value="">{isPending ? translate('ra.page.loading', { _: '…' }) : ''}</option>
        {records.map((record) => {
          const refused = record.id === value ? null : refusal(spec, record, translate);
          const text = textOf(record);
          return (
            <option key={record.id} value={record.id} disabled={refused !== null}>
              {refused ? `${text} (${refused})` : text}
            </option>
          );
        })}
      </TextField>
      {none && <NoRecordYet entity={spec.entity} translate={translate} />}
    </>
  );
}
