/** @jsxImportSource preact */
import { formatKwd } from '../../shared/money';
import type { Payable } from '../../shared/pay';
import { Field } from '../components/Field';
import { useI18n } from '../i18n/context';
import type { MessageKey } from '../i18n/messages';
import { FIELD_CHARACTERS_DEFAULT, fieldId, PAYER_FIELDS, type PaymentValues } from './checks';

const PAYER_INPUTS: Record<(typeof PAYER_FIELDS)[number], { type: 'text' | 'tel' | 'email'; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  mobile: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
};

/** The amount the payer chooses, between the link's minimum and maximum (open amounts only). */
export function AmountField({
  payable,
  value,
  error,
  onChange,
}: {
  payable: Payable;
  value: string;
  error?: string;
  onChange: (amount: string) => void;
}) {
  const { language, t } = useI18n();
  const min = formatKwd(payable.min_amount, language);
  const max = formatKwd(payable.max_amount, language);
  const hint =
    min && max
      ? t('open.between', { min, max })
      : min
        ? t('open.at_least', { min })
        : max
          ? t('open.at_most', { max })
          : undefined;
  return (
    <Field
      id={fieldId.amount}
      label={t('open.amount')}
      hint={hint}
      value={value}
      inputMode="decimal"
      autoComplete="transaction-amount"
      dir="ltr"
      placeholder="0.000"
      maxLength={16}
      error={error}
      onInput={(event) => onChange(event.currentTarget.value.replace(/[^\d.]/g, ''))}
    />
  );
}

/**
 * The fields the merchant asks every payer of an open invoice to fill (named by the merchant, in
 * the merchant's words), then the payer's own optional details.
 */
export function OpenFields({
  payable,
  values,
  errors,
  onChange,
}: {
  payable: Payable;
  values: PaymentValues;
  errors: Record<string, string>;
  onChange: (change: (current: PaymentValues) => PaymentValues) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {payable.fields.map((field, index) => {
        const id = fieldId.additional(field.name);
        return (
          <Field
            key={field.name}
            id={`extra-${index}`}
            label={field.required ? `${field.name} *` : field.name}
            labelIsolated
            value={values.fields[field.name] ?? ''}
            maxLength={field.characters ?? FIELD_CHARACTERS_DEFAULT}
            required={field.required}
            error={errors[id]}
            onInput={(event) => {
              const value = event.currentTarget.value;
              onChange((current) => ({ ...current, fields: { ...current.fields, [field.name]: value } }));
            }}
          />
        );
      })}
      <fieldset class="payer">
        <legend>
          {t('open.details')} <span class="optional">({t('open.optional')})</span>
        </legend>
        {PAYER_FIELDS.map((name) => (
          <Field
            key={name}
            id={`payer-${name}`}
            label={t(`open.${name}` as MessageKey)}
            type={PAYER_INPUTS[name].type}
            autoComplete={PAYER_INPUTS[name].autoComplete}
            dir={name === 'name' ? undefined : 'ltr'}
            maxLength={name === 'name' ? 100 : 254}
            value={values.payer[name] ?? ''}
            error={errors[fieldId.payer(name)]}
            onInput={(event) => {
              const value = event.currentTarget.value;
              onChange((current) => ({ ...current, payer: { ...current.payer, [name]: value } }));
            }}
          />
        ))}
      </fieldset>
    </>
  );
}
