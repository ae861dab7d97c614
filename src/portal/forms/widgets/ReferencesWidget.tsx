import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { useContext, useMemo, type ChangeEvent } from 'react';
import { DataProviderContext, type RaRecord } from 'react-admin';
import { itemsReferenceOf } from '../../../schema/relations';
import type { PropertySchema, XReferences } from '../../../schema/types';
import { fieldAria } from '../fieldAria';
import { formContextOf } from '../formContext';
import { NoRecordYet } from './ReferenceWidget';
import { entityName, refusal, useReferenceChoices } from './referenceChoices';

/** The ids an array of references holds (rjsf may hold gaps while a form starts). */
const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];

/**
 * An array of `x-references` (a sales list's products). In the back office, a choice of several
 * of the referenced records (below); a form used on its own, with no data provider to ask, takes
 * the ids as numbers separated by commas.
 */
export function ReferencesWidget(props: WidgetProps) {
  const dataProvider = useContext(DataProviderContext);
  if (!dataProvider) return <IdsInput {...props} />;
  return <ReferencesChoice {...props} />;
}

function IdsInput({ id, htmlName, value, label, hideLabel, required, disabled, readonly, onChange }: WidgetProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) =>
    onChange(
      event.target.value
        .split(/[\s,،]+/)
        .filter(Boolean)
        .map(Number),
    );
  return (
    <TextField
      id={id}
      name={htmlName || id}
      fullWidth
      label={labelValue(label || undefined, hideLabel, undefined)}
      required={required}
      disabled={disabled || readonly}
      value={idsOf(value).join(', ')}
      onChange={handleChange}
    />
  );
}

/**
 * The referenced entity's records by their `label` in the form's language, the chosen ones as
 * chips, searched by typing. Records `refuse` excludes are offered but cannot be chosen, with the
 * reason (one already chosen stays: the API only checks ids newly added). With no record at all
 * the field says so and links to the screen that creates one. Removing the last chip leaves an
 * empty list, so the schema's own message ("choose at least one product") is the one shown.
 */
function ReferencesChoice(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, rawErrors = [], placeholder } = props;
  const { onChange, onBlur, onFocus, registry } = props;
  const spec = itemsReferenceOf(props.schema as PropertySchema) as XReferences;
  const { translate, language } = formContextOf(registry);
  const { records, isPending, error, none, textOf } = useReferenceChoices(spec, language);

  const ids = idsOf(value);
  const byId = useMemo(() => new Map(records.map((record) => [record.id, record])), [records]);
  // Chosen records the list does not hold (beyond its first page) still show, by id.
  const chosen: RaRecord[] = ids.map((chosenId) => byId.get(chosenId) ?? { id: chosenId });
  const labelOf = (record: RaRecord) => (byId.has(record.id) ? textOf(record) : `#${record.id}`);
  const refusedOf = (record: RaRecord) => (ids.includes(record.id as number) ? null : refusal(spec, record, translate));

  return (
    <>
      <Autocomplete<RaRecord, true>
        id={id}
        multiple
        fullWidth
        disableCloseOnSelect
        filterSelectedOptions
        options={records}
        value={chosen}
        loading={isPending}
        disabled={disabled || readonly || none}
        getOptionLabel={labelOf}
        getOptionDisabled={(record) => refusedOf(record) !== null}
        isOptionEqualToValue={(option, chosenRecord) => option.id === chosenRecord.id}
        onChange={(_event, records) => onChange(records.map((record) => record.id))}
        onBlur={() => onBlur(id, ids)}
        onFocus={() => onFocus(id, ids)}
        renderOption={({ key, ...optionProps }, record) => {
          const refused = refusedOf(record);
          return (
            <li key={key} {...optionProps}>
              {refused ? `${labelOf(record)} (${refused})` : labelOf(record)}
            </li>
          );
        }}
        loadingText={translate('ra.page.loading', { _: '…' })}
        noOptionsText={translate('ra.navigation.no_results', {
          name: entityName(translate, spec.entity, 2).toLocaleLowerCase(language),
          _: '—',
        })}
        openText={translate('ra.action.open', { _: 'Open' })}
        closeText={translate('ra.action.close', { _: 'Close' })}
        clearText={translate('ra.action.clear_input_value', { _: 'Clear' })}
        renderInput={({ InputProps, InputLabelProps, inputProps, ...params }) => (
          <TextField
            {...params}
            label={labelValue(label || undefined, hideLabel, undefined)}
            required={required}
            error={rawErrors.length > 0}
            placeholder={ids.length === 0 ? placeholder : undefined}
            helperText={error ? error.message : undefined}
            slotProps={{
              input: InputProps,
              inputLabel: { ...InputLabelProps, shrink: true },
              htmlInput: { ...inputProps, ...fieldAria(id, rawErrors) },
            }}
          />
        )}
      />
      {none && <NoRecordYet entity={spec.entity} translate={translate} />}
    </>
  );
}
