/** @jsxImportSource preact */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Language } from '../../shared/i18n';
import { formatKwd, fromFils, toFils } from '../../shared/money';
import type { Payable } from '../../shared/pay';
import type { OrderRequest, StoreList, StoreOrder } from '../../shared/storefront';
import { getPayable, getStoreOrder, newIdempotencyKey, postOrder, type ApiAnswer } from '../api';
import { Field } from '../components/Field';
import { refusalOf } from '../components/refusal';
import { Link } from '../components/Link';
import { Loading, Notice } from '../components/Notice';
import { Shell } from '../components/Shell';
import { formatKuwaitTime } from '../format';
import { useI18n } from '../i18n/context';
import type { MessageKey } from '../i18n/messages';
import { Failure } from '../pages/Failure';
import { Payment } from '../pages/PayPage';
import { useLoad } from '../pages/useLoad';
import { navigate } from '../router';
import { EMPTY_CART, useCart, writeCart, type Cart } from './cart';
import { EmptyCart } from './CartPage';
import { cartLines, linesTotals } from './cartLines';
import { productTitle } from './names';
import { CartLink, TotalRows } from './parts';
import { storePath } from './paths';
import { StoreFrame } from './SalePage';

/**
 * `/sale/checkout`: the customer's details and the order's summary; placing the order holds its
 * stock, and `/sale/checkout?order={reference}` then pays it (a reload keeps the order). The
 * server checks prices, stock and limits again when the order is placed: what changed is shown.
 */
export function CheckoutPage() {
  const order = new URLSearchParams(location.search).get('order');
  const cart = useCart();
  if (order) return <OrderPayment reference={order} />;
  if (!cart.sale_id) return <EmptyCart />;
  return (
    <StoreFrame reference={cart.sale_id}>
      {(list, reload) => <CheckoutForm cart={cart} list={list} onRefused={reload} />}
    </StoreFrame>
  );
}

interface Details {
  name: string;
  mobile: string;
  email: string;
}

const MOBILE = /^\+?[0-9]{11,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The field messages of `details` (by field), empty when they may be sent. */
function detailProblems(details: Details): Partial<Record<keyof Details, MessageKey>> {
  const problems: Partial<Record<keyof Details, MessageKey>> = {};
  if (!details.name.trim()) problems.name = 'error.required';
  const mobile = details.mobile.replace(/[\s-]/g, '');
  if (!mobile) problems.mobile = 'error.required';
  else if (!MOBILE.test(mobile)) problems.mobile = 'error.mobile';
  if (details.email.trim() && !EMAIL.test(details.email.trim())) problems.email = 'error.email';
  return problems;
}

/** The server's field path (`customer.mobile`) as a field of the form. */
const fieldOf = (path: string): keyof Details | null => {
  const match = /^customer[./](name|mobile|email)$/.exec(path);
  return match ? (match[1] as keyof Details) : null;
};

function CheckoutForm({ cart, list, onRefused }: { cart: Cart; list: StoreList; onRefused: () => void }) {
  const { language, t } = useI18n();
  const [details, setDetails] = useState<Details>({ name: '', mobile: '', email: '' });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof Details, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busyRef = useRef(false);
  const unansweredRef = useRef<{ request: string; key: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  if (cart.items.length === 0) return <EmptyCart list={list} />;
  const lines = cartLines(cart, list);
  const orderable = lines.filter((line) => line.product && line.most > 0);
  if (orderable.length === 0) return <SoldOut list={list} />;
  const changed = lines.some((line) => line.change !== null);
  const totals = linesTotals(lines, list);

  const problems = tried ? detailProblems(details) : {};
  const errors: Partial<Record<keyof Details, string>> = { ...serverErrors };
  for (const [field, key] of Object.entries(problems) as [keyof Details, MessageKey][]) errors[field] = t(key);
  const set = (field: keyof Details) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setDetails((current) => ({ ...current, [field]: value }));
    setServerErrors({});
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busyRef.current) return;
    setTried(true);
    setAlert(null);
    if (Object.keys(detailProblems(details)).length) {
      setFocusRequest((count) => count + 1);
      return;
    }
    const email = details.email.trim();
    const request: OrderRequest = {
      items: cart.items.map((item) => ({ product_id: item.product_id, qty: item.qty, price: item.price })),
      customer: {
        name: details.name.trim(),
        mobile: details.mobile.replace(/[\s-]/g, ''),
        ...(email ? { email } : {}),
      },
      language,
    };
    const sent = JSON.stringify({ list: list.reference_no, request });
    const key = unansweredRef.current?.request === sent ? unansweredRef.current.key : newIdempotencyKey();
    busyRef.current = true;
    setSubmitting(true);
    const answer = await postOrder(language, list.reference_no, request, key);
    busyRef.current = false;
    setSubmitting(false);
    unansweredRef.current = answer.kind === 'network' ? { request: sent, key } : null;
    if (answer.kind === 'ok') return navigate(storePath.checkout(answer.data.reference_no));
    if (answer.kind === 'error' && answer.status === 409) {
      // The list closed, or lines changed: the page reads the list again and shows what changed.
      setAlert(answer.message || t('cart.changed'));
      onRefused();
      return;
    }
    const shown = refusalOf(answer, fieldOf, t);
    setServerErrors(shown.fields);
    setAlert(shown.alert);
    if (Object.keys(shown.fields).length) setFocusRequest((count) => count + 1);
  };

  return (
    <>
      <section class="card" aria-labelledby="summary-title">
        <h1 id="summary-title" class="page-title">
          {t('checkout.heading')}
        </h1>
        <h2 class="section-title">{t('checkout.summary')}</h2>
        <ul class="summary-lines">
          {lines.map((line) => (
            <li key={line.item.product_id}>
              <span>
                <bdi>{line.product ? productTitle(line.product, language) : t('cart.unknown_product')}</bdi>{' '}
                <span class="nowrap" dir="ltr">
                  × {line.item.qty}
                </span>
              </span>
              <span class="nowrap" dir="auto">
                {formatKwd(fromFils((toFils(line.price) ?? 0n) * BigInt(line.item.qty)), language)}
              </span>
            </li>
          ))}
        </ul>
        <TotalRows totals={totals} />
        {changed ? (
          <div class="alert" role="alert">
            <p>{t('cart.changed')}</p>
            <Link href={storePath.cart()} class="button">
              {t('checkout.back_to_cart')}
            </Link>
          </div>
        ) : null}
      </section>
      {changed ? null : (
        <form ref={form} class="card" noValidate onSubmit={submit} aria-busy={submitting}>
          <fieldset class="plain" disabled={submitting}>
            <legend class="section-title">{t('checkout.details')}</legend>
            <Field
              id="name"
              label={t('checkout.name')}
              value={details.name}
              onInput={set('name')}
              autoComplete="name"
              maxLength={120}
              required
              error={errors.name}
            />
            <Field
              id="mobile"
              label={t('checkout.mobile')}
              hint={t('checkout.mobile_hint')}
              type="tel"
              inputMode="tel"
              dir="ltr"
              value={details.mobile}
              onInput={set('mobile')}
              autoComplete="tel"
              maxLength={20}
              required
              error={errors.mobile}
            />
            <Field
              id="email"
              label={`${t('checkout.email')} (${t('open.optional')})`}
              hint={t('checkout.email_hint')}
              type="email"
              inputMode="email"
              dir="ltr"
              value={details.email}
              onInput={set('email')}
              autoComplete="email"
              maxLength={254}
              error={errors.email}
            />
          </fieldset>
          <div class="form-alert" role="alert">
            {alert ? (
              <div class="alert">
                <span>{alert}</span>
              </div>
            ) : null}
          </div>
          <button type="submit" class="button button-primary pay-button" disabled={submitting}>
            {submitting ? <span class="spinner spinner-small" aria-hidden="true" /> : null}
            {submitting ? t('checkout.placing') : t('checkout.place')}
          </button>
          <p class="hint">{t('checkout.hold_note')}</p>
        </form>
      )}
    </>
  );
}

/** Nothing of the cart is left: the last items went to another customer. Nothing was charged. */
function SoldOut({ list }: { list: StoreList }) {
  const { t } = useI18n();
  return (
    <Notice
      tone="error"
      title={t('checkout.sold_out_title')}
      actions={
        <>
          <Link href={storePath.sale(list.reference_no)} class="button button-primary">
            {t('store.back_to_sale')}
          </Link>
          <button type="button" class="button" onClick={() => writeCart(EMPTY_CART)}>
            {t('cart.empty_it')}
          </button>
        </>
      }
    >
      <p>{t('checkout.sold_out')}</p>
    </Notice>
  );
}

/** The payment of a placed order (its link and its lines), as one load. */
async function loadOrder(
  language: Language,
  reference: string,
): Promise<ApiAnswer<{ payable: Payable; order: StoreOrder }>> {
  const [payable, order] = await Promise.all([
    getPayable(language, reference, false),
    getStoreOrder(language, reference),
  ]);
  if (payable.kind !== 'ok') return payable;
  if (order.kind !== 'ok') return order;
  return { kind: 'ok', data: { payable: payable.data, order: order.data } };
}

/** The payment of a placed order, with until when its items are held; once paid, its receipt. */
function OrderPayment({ reference }: { reference: string }) {
  const { language, t } = useI18n();
  const [state, reload] = useLoad(() => loadOrder(language, reference));
  const [refusal, setRefusal] = useState<string | null>(null);
  const loaded = state.kind === 'ok' ? state.data : null;
  const paid = loaded?.payable.state === 'paid';
  const toReceipt = useCallback(() => {
    writeCart(EMPTY_CART);
    navigate(storePath.receipt(reference));
  }, [reference]);
  useEffect(() => {
    // Paid already (in another tab, or the answer was lost): the receipt says so.
    if (paid) toReceipt();
  }, [paid, toReceipt]);

  if (state.kind === 'loading' || paid)
    return (
      <Shell variant="wide" aside={<CartLink />}>
        <Loading label={t('loading')} />
      </Shell>
    );
  if (state.kind !== 'ok')
    return <Failure answer={state} notFound={['order.not_found_title', 'order.not_found']} onRetry={reload} />;
  const { payable, order } = state.data;
  return (
    <Shell merchant={payable.merchant} variant="wide" aside={<CartLink />}>
      {payable.state === 'payable' ? (
        <>
          {order.reserved_until ? (
            <p class="card hold" role="note">
              {t('checkout.held_until', { time: formatKuwaitTime(order.reserved_until, language) })}
            </p>
          ) : null}
          <Payment
            payable={{ ...payable, title: t('checkout.order', { reference }) }}
            refusal={refusal}
            onRefused={(message) => {
              setRefusal(message);
              reload();
            }}
            onReload={() => {
              setRefusal(null);
              reload();
            }}
            onPaid={toReceipt}
          />
        </>
      ) : (
        <Notice
          tone="error"
          title={t('checkout.expired_title')}
          actions={
            <Link href={storePath.cart()} class="button button-primary">
              {t('checkout.back_to_cart')}
            </Link>
          }
        >
          <p>{t('checkout.expired')}</p>
        </Notice>
      )}
    </Shell>
  );
}
