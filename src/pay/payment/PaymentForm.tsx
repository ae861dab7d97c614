/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatKwd } from '../../shared/money';
import type { Payable, PayMethod, PayRequest, PayResult } from '../../shared/pay';
import { newIdempotencyKey, postPayment, type ApiAnswer } from '../api';
import { refusalOf } from '../components/refusal';
import { useI18n } from '../i18n/context';
import { CardFields } from './CardFields';
import { amountValid, fieldOfServerError, paymentProblems, type PaymentValues } from './checks';
import { MethodChoice } from './MethodChoice';
import { AmountField, OpenFields } from './OpenFields';
import { paymentRequest } from './request';
import { SandboxNote } from './SandboxNote';

/** What became of a payment the server answered, for the page to show next. */
export type PaymentOutcome =
  | { kind: 'paid'; result: PayResult }
  | { kind: 'pending'; result: PayResult; method: PayMethod }
  /**
   * 409: the link can no longer be paid this way (paid meanwhile, expired, payment in flight) or the
   * merchant refuses this payment (its limits, too many declined attempts): look again, and say why.
   */
  | { kind: 'refused'; message: string };

/** Sends one payment attempt: `POST /v1/pay/{reference}` unless the page pays elsewhere (a tenant's items). */
export type SendPayment = (request: PayRequest, idempotencyKey: string) => Promise<ApiAnswer<PayResult>>;

function initialValues(payable: Payable): PaymentValues {
  return {
    method: payable.methods[0] ?? 'card',
    card: { number: '', expiry: '', cvv: '', holder: payable.customer_name ?? '' },
    amount: '',
    fields: {},
    payer: {},
  };
}

/**
 * The payment form: method, card details or the wallet's note, the open amount and fields. It
 * checks what it can before sending, shows the server's field messages under the fields, keeps
 * what was typed after a declined payment, and hands every other answer to the page.
 */
export function PaymentForm({
  payable,
  continueInFlight,
  refusal,
  onOutcome,
  send,
}: {
  payable: Payable;
  /** The payer chose to go on although a previous payment is still being processed. */
  continueInFlight: boolean;
  /** Why the server refused the last payment of this link, shown until the payer tries again. */
  refusal: string | null;
  onOutcome: (outcome: PaymentOutcome) => void;
  send?: SendPayment;
}) {
  const { language, t } = useI18n();
  const [values, setValues] = useState(() => initialValues(payable));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ title?: string; text: string } | null>(() =>
    refusal ? { text: refusal } : null,
  );
  const [submitting, setSubmitting] = useState(false);
  const [tried, setTried] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // A second tap before the page re-renders must not send a second payment.
  const busyRef = useRef(false);
  // The attempt whose answer never arrived: sending the same request again reuses its key, so the
  // server answers what it did the first time instead of charging twice. Any answer ends it.
  const unansweredRef = useRef<{ request: string; key: string } | null>(null);

  const clientErrors = (next: PaymentValues) =>
    Object.fromEntries(
      Object.entries(paymentProblems(payable, next)).map(([field, problem]) => [field, t(problem.key, problem.params)]),
    );

  // After the first attempt, messages follow what is typed (a fixed field loses its message);
  // the server's messages stay until something changes.
  const errors = { ...serverErrors, ...(tried ? clientErrors(values) : {}) };

  // Updates are functions of the latest values: several inputs may land before the next render.
  const update = (change: (current: PaymentValues) => PaymentValues) => {
    setValues(change);
    setServerErrors({});
  };

  // Asked for by a failed check; runs once the messages are on the page.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busyRef.current) return;
    setTried(true);
    setAlert(null);
    setServerErrors({});
    if (Object.keys(clientErrors(values)).length) {
      setFocusRequest((count) => count + 1);
      return;
    }
    busyRef.current = true;
    setSubmitting(true);
    const request = paymentRequest(payable, values, continueInFlight);
    const sent = JSON.stringify(request);
    const key = unansweredRef.current?.request === sent ? unansweredRef.current.key : newIdempotencyKey();
    const answer = send ? await send(request, key) : await postPayment(language, payable.reference_no, request, key);
    busyRef.current = false;
    setSubmitting(false);
    unansweredRef.current = answer.kind === 'network' ? { request: sent, key } : null;
    if (answer.kind !== 'ok') {
      if (answer.kind === 'error' && answer.status === 409)
        return onOutcome({ kind: 'refused', message: answer.message });
      const shown = refusalOf(answer, fieldOfServerError, t);
      // Every field it names has its message.
      setServerErrors(shown.fields as Record<string, string>);
      if (Object.keys(shown.fields).length) setFocusRequest((count) => count + 1);
      const title = { network: t('error.network_title'), server: t('error.generic_title') };
      if (shown.alert) setAlert({ ...(shown.failed ? { title: title[shown.failed] } : {}), text: shown.alert });
      return;
    }
    const result = answer.data;
    if (result.status === 'success' || result.status === 'authorized') return onOutcome({ kind: 'paid', result });
    if (result.status === 'pending') return onOutcome({ kind: 'pending', result, method: values.method });
    setAlert({ title: t('result.declined_title'), text: result.message || t('result.declined') });
  };

  const amount =
    payable.amount ?? (amountValid(values.amount, payable.min_amount, payable.max_amount) ? values.amount : null);
  const methods = payable.methods.length ? payable.methods : (['card'] as PayMethod[]);
  return (
    <form ref={form} class="card pay-form" noValidate onSubmit={submit} aria-busy={submitting}>
      <fieldset class="plain" disabled={submitting}>
        {payable.amount === null ? (
          <AmountField
            payable={payable}
            value={values.amount}
            error={errors.amount}
            onChange={(amount) => update((current) => ({ ...current, amount }))}
          />
        ) : null}
        {payable.kind === 'open' ? (
          <OpenFields payable={payable} values={values} errors={errors} onChange={update} />
        ) : null}
        <MethodChoice
          methods={methods}
          value={values.method}
          onChange={(method) => update((current) => ({ ...current, method }))}
        />
        {values.method === 'card' ? (
          <>
            <CardFields
              card={values.card}
              errors={errors}
              onChange={(part) => update((current) => ({ ...current, card: { ...current.card, ...part } }))}
            />
            <SandboxNote onUse={(number) => update((current) => ({ ...current, card: { ...current.card, number } }))} />
          </>
        ) : (
          <p class="method-note">
            {values.method === 'cash'
              ? t('method.cash_note')
              : t('method.wallet_note', { method: t(`method.${values.method}`) })}
          </p>
        )}
      </fieldset>
      <div class="form-alert" role="alert">
        {alert ? (
          <div class="alert">
            {alert.title ? <strong>{alert.title}</strong> : null}
            <span>{alert.text}</span>
          </div>
        ) : null}
      </div>
      <button type="submit" class="button button-primary pay-button" disabled={submitting}>
        {submitting ? <span class="spinner spinner-small" aria-hidden="true" /> : null}
        {submitting
          ? t('action.processing')
          : amount
            ? t('action.pay', { amount: formatKwd(amount, language) })
            : t('action.pay_now')}
      </button>
      <p class="sr-only" role="status">
        {submitting ? t('action.processing') : ''}
      </p>
    </form>
  );
}
