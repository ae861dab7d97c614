/** @jsxImportSource preact */

import { formatKwd, fromFils, toFils } from '../../shared/money';
import type { OrderStep, StoreOrder } from '../../shared/storefront';
import { getStoreOrder } from '../api';
import { Icon } from '../components/icons';
import { Link } from '../components/Link';
import { formatKuwaitTime } from '../format';
import { useI18n } from '../i18n/context';
import type { MessageKey } from '../i18n/messages';
import { useLoad } from '../pages/useLoad';
import { productTitle } from './names';
import { TotalRows } from './parts';
import { storePath } from './paths';
import { LoadedPage } from '../pages/LoadedPage';

/** Loads an order and shows it in the frame, or the page of why it cannot be shown. */
function OrderFrame({
  reference,
  title,
  children,
}: {
  reference: string;
  title: MessageKey;
  children: (order: StoreOrder, reload: () => void) => preact.ComponentChildren;
}) {
  const { language } = useI18n();
  const [state, reload] = useLoad(() => getStoreOrder(language, reference));
  return (
    <LoadedPage state={state} reload={reload} notFound={['order.not_found_title', 'order.not_found']} title={title}>
      {(order) => children(order, reload)}
    </LoadedPage>
  );
}

const OUTCOME = {
  paid: { icon: 'check', tone: 'success' },
  unpaid: { icon: 'clock', tone: 'pending' },
  expired: { icon: 'cross', tone: 'error' },
} as const;

/** `/sale-receipt/{reference}`: the order's receipt, printable, in the customer's language. */
export function OrderReceiptPage({ reference }: { reference: string }) {
  return (
    <OrderFrame reference={reference} title="order.document_title">
      {(order) => <OrderReceipt order={order} />}
    </OrderFrame>
  );
}

function OrderReceipt({ order }: { order: StoreOrder }) {
  const { language, t } = useI18n();
  const outcome = OUTCOME[order.payment_status];
  const rejected = order.status === 'rejected';
  return (
    <article class={`card receipt receipt-${rejected ? 'error' : outcome.tone}`} aria-labelledby="receipt-title">
      <header class="receipt-head">
        <Icon name={rejected ? 'cross' : outcome.icon} class="receipt-icon" />
        <h1 id="receipt-title">{rejected ? t('order.rejected_title') : t(`order.${order.payment_status}_title`)}</h1>
        <p class="receipt-amount" dir="auto">
          {formatKwd(order.grand_total, language)}
        </p>
        <p class="receipt-thanks">
          {rejected
            ? t('order.rejected')
            : order.payment_status === 'unpaid' && order.reserved_until
              ? t('order.unpaid', { time: formatKuwaitTime(order.reserved_until, language) })
              : t(`order.${order.payment_status}`)}
        </p>
      </header>
      <dl class="receipt-rows">
        <div>
          <dt>{t('order.reference')}</dt>
          <dd>
            <bdi class="code">{order.reference_no}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('order.sale')}</dt>
          <dd>
            <bdi>{order.sale_list.name}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('order.customer')}</dt>
          <dd>
            <bdi>{order.customer.first_name}</bdi>
            {order.customer.mobile_end ? (
              <>
                {' '}
                <bdi dir="ltr" class="code">
                  •••• {order.customer.mobile_end}
                </bdi>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('order.date')}</dt>
          <dd>{formatKuwaitTime(order.created_at, language)}</dd>
        </div>
      </dl>
      <h2 class="section-title">{t('order.items')}</h2>
      <ul class="summary-lines">
        {order.items.map((item) => (
          <li key={item.product_id}>
            <span>
              <bdi>{productTitle({ title: item.product, title_ar: item.product_ar }, language)}</bdi>{' '}
              <span class="nowrap" dir="ltr">
                × {item.qty}
              </span>
            </span>
            <span class="nowrap" dir="auto">
              {formatKwd(fromFils((toFils(item.price) ?? 0n) * BigInt(item.qty)), language)}
            </span>
          </li>
        ))}
      </ul>
      <TotalRows totals={order} />
      <div class="actions no-print">
        {order.payment_status === 'unpaid' && !rejected ? (
          <Link href={storePath.checkout(order.reference_no)} class="button button-primary">
            {t('order.pay')}
          </Link>
        ) : null}
        <Link href={storePath.track(order.reference_no)} class="button">
          {t('order.track')}
        </Link>
        <button type="button" class="button" onClick={() => window.print()}>
          {t('action.print')}
        </button>
      </div>
    </article>
  );
}

/** The steps an order goes through, in order; a rejected order stops where it was rejected. */
const STEPS: OrderStep[] = ['waiting', 'in_process', 'ready_to_ship', 'shipped', 'delivered'];

/** `/track-order/{reference}`: where the order is, as steps with the time each was reached. */
export function TrackOrderPage({ reference }: { reference: string }) {
  return (
    <OrderFrame reference={reference} title="track.document_title">
      {(order, reload) => <Tracking order={order} onReload={reload} />}
    </OrderFrame>
  );
}

function Tracking({ order, onReload }: { order: StoreOrder; onReload: () => void }) {
  const { language, t } = useI18n();
  const reached = new Map(order.steps.map((step) => [step.status, step.at]));
  const rejected = order.status === 'rejected';
  const current = rejected ? -1 : STEPS.indexOf(order.status);
  // A rejected order shows the steps it went through, then the rejection.
  const shown: OrderStep[] = rejected ? [...STEPS.filter((step) => reached.has(step)), 'rejected'] : STEPS;
  return (
    <section class="card track" aria-labelledby="track-title">
      <h1 id="track-title">{t('track.heading')}</h1>
      <p class="track-reference">
        {t('order.reference')}: <bdi class="code">{order.reference_no}</bdi>
      </p>
      {order.payment_status !== 'paid' && !rejected ? (
        <p class="alert">{t(order.payment_status === 'expired' ? 'track.expired' : 'track.unpaid')}</p>
      ) : null}
      <ol class="steps">
        {shown.map((step, index) => {
          const done = rejected || index <= current;
          const at = reached.get(step);
          const state = step === 'rejected' ? 'rejected' : index === current ? 'current' : done ? 'done' : 'next';
          return (
            <li key={step} class={`step step-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span class="step-mark" aria-hidden="true">
                {state === 'rejected' ? '×' : done ? '✓' : ''}
              </span>
              <span class="step-text">
                <span class="step-name">{t(`track.step.${step}`)}</span>
                <span class="sr-only"> ({t(`track.state.${state}`)})</span>
                {at && done ? <span class="step-time">{formatKuwaitTime(at, language)}</span> : null}
                {step === 'rejected' && order.rejection_reason ? (
                  <span class="step-reason">
                    {t('track.reason')}: <bdi>{order.rejection_reason}</bdi>
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <div class="actions">
        <button type="button" class="button" onClick={onReload}>
          {t('action.check_again')}
        </button>
        <Link href={storePath.receipt(order.reference_no)} class="button">
          {t('order.receipt')}
        </Link>
      </div>
    </section>
  );
}
