/** @jsxImportSource preact */
import type { CardInput } from '../../shared/pay';
import { Field } from '../components/Field';
import { useI18n } from '../i18n/context';
import { CARD_DIGITS_MAX, formatCardNumber, formatExpiry, reformatInput } from './cardInput';

/**
 * Number, expiry, CVV and name on the card, with the keyboards and autofill hints phones use
 * (`inputmode=numeric`, `autocomplete=cc-*`). Messages come from the form.
 */
export function CardFields({
  card,
  errors,
  onChange,
}: {
  card: CardInput;
  errors: Record<string, string>;
  /** Called with the part that changed. */
  onChange: (part: Partial<CardInput>) => void;
}) {
  const { t } = useI18n();
  const set = (part: keyof CardInput, value: string) => onChange({ [part]: value });
  return (
    <div class="card-fields">
      <Field
        id="number"
        label={t('card.number')}
        value={card.number}
        inputMode="numeric"
        autoComplete="cc-number"
        dir="ltr"
        placeholder="1234 5678 9012 3456"
        maxLength={CARD_DIGITS_MAX + Math.floor((CARD_DIGITS_MAX - 1) / 4)}
        error={errors.number}
        onInput={(event) => set('number', reformatInput(event.currentTarget, formatCardNumber))}
      />
      <div class="row">
        <Field
          id="expiry"
          label={t('card.expiry')}
          value={card.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          dir="ltr"
          placeholder="MM/YY"
          maxLength={5}
          error={errors.expiry}
          onInput={(event) => {
            const deleting = event.inputType?.startsWith('delete') ?? false;
            set(
              'expiry',
              reformatInput(event.currentTarget, (text) => formatExpiry(text, deleting)),
            );
          }}
        />
        <Field
          id="cvv"
          label={t('card.cvv')}
          value={card.cvv}
          inputMode="numeric"
          autoComplete="cc-csc"
          dir="ltr"
          maxLength={4}
          error={errors.cvv}
          onInput={(event) =>
            set(
              'cvv',
              reformatInput(event.currentTarget, (text) => text.replace(/\D/g, '').slice(0, 4)),
            )
          }
        />
      </div>
      <Field
        id="holder"
        label={t('card.holder')}
        value={card.holder}
        autoComplete="cc-name"
        maxLength={100}
        error={errors.holder}
        onInput={(event) => set('holder', event.currentTarget.value)}
      />
    </div>
  );
}
