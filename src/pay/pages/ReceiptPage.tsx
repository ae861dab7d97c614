/** @jsxImportSource preact */

import { formatKwd } from '../../shared/money';
import type { PaymentStatus, Receipt } from '../../shared/pay';
import { getReceipt } from '../api';
import { Icon, type IconName } from '../components/icons';
import { formatKuwaitTime, merchantName } from '../format';
import { useI18n } from '../i18n/context';
import type { MessageKey } from '../i18n/messages';
import { useLoad } from './useLoad';
import { LoadedPage } from './LoadedPage';

/** The heading and picture of each payment status. */
const OUTCOMES: Record<PaymentStatus, { title: MessageKey; icon: IconName; tone: string }> = {
  success: { title: 'receipt.success', icon: 'check', tone: 'success' },
  authorized: { title: 'receipt.success', icon: 'check', tone: 'success' },
  failed: { title: 'receipt.failed', icon: 'cross', tone: 'error' },
  incomplete: { title: 'receipt.failed', icon: 'cross', tone: 'error' },
  pending: { title: 'receipt.pending', icon: 'clock', tone: 'pending' },
  refunded: { title: 'receipt.refunded', icon: 'info', tone: 'info' },
  voided: { title: 'receipt.failed', icon: 'cross', tone: 'error' },
};

/**
 * `/transaction-receipt/{ref}` and its compact printable variant `/transaction-receipt/v1/{ref}`:
 * who was paid, how much, how, and the network's identifiers, dated in Kuwait time, with a Print
 * button (the printout leaves out the buttons and the language switch).
 */
export function ReceiptPage({ reference, compact }: { reference: string; compact: boolean }) {
  const { language } = useI18n();
  const [state, reload] = useLoad(() => getReceipt(language, reference));
  return (
    <LoadedPage
      state={state}
      reload={reload}
      notFound={['receipt.not_found_title', 'receipt.not_found']}
      title="receipt_title"
      variant={compact ? 'slip' : undefined}
    >
      {(receipt) => <ReceiptCard receipt={receipt} compact={compact} />}
    </LoadedPage>
  );
}

function ReceiptCard({ receipt, compact }: { receipt: Receipt; compact: boolean }) {
  const { language, t } = useI18n();
  const outcome = OUTCOMES[receipt.status] ?? OUTCOMES.pending;
  const methodKey = `method.${receipt.method}` as MessageKey;
  /** Label, value, and how the value reads: `code` for identifiers, `text` for names as written. */
  const rows: [MessageKey, string | null, ('code' | 'text')?][] = [
    ['receipt.merchant', merchantName(receipt.merchant, language), 'text'],
    ['receipt.customer', receipt.customer_name, 'text'],
    ['receipt.method', t(methodKey) === methodKey ? receipt.method : t(methodKey)],
    ['receipt.card', receipt.card_last4 ? t('receipt.card_ending', { last4: receipt.card_last4 }) : null],
    ['receipt.status', t(`status.${receipt.status}`)],
    ['receipt.reference', receipt.transaction_reference, 'code'],
    ['receipt.invoice', receipt.invoice_reference, 'code'],
    ['receipt.auth_code', receipt.auth_code, 'code'],
    ['receipt.payment_id', receipt.payment_id, 'code'],
    ['receipt.track_id', receipt.track_id, 'code'],
    ['receipt.result_code', receipt.result_code, 'code'],
    ['receipt.date', formatKuwaitTime(receipt.created_at, language)],
  ];
  return (
    <article
      class={`card receipt receipt-${outcome.tone}${compact ? ' receipt-compact' : ''}`}
      aria-labelledby="receipt-title"
    >
      <header class="receipt-head">
        <Icon name={outcome.icon} class="receipt-icon" />
        <h1 id="receipt-title">{t(outcome.title)}</h1>
        <p class="receipt-amount">{formatKwd(receipt.amount, language)}</p>
        {receipt.status === 'success' && !compact ? <p class="receipt-thanks">{t('receipt.thanks')}</p> : null}
      </header>
      <h2 class="sr-only">{t('receipt.heading')}</h2>
      <dl class="receipt-rows">
        {rows
          .filter(([, value]) => value)
          .map(([label, value, kind]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{kind ? <bdi class={kind === 'code' ? 'code' : undefined}>{value}</bdi> : value}</dd>
            </div>
          ))}
      </dl>
      <div class="actions no-print">
        <button type="button" class="button button-primary" onClick={() => window.print()}>
          {t('action.print')}
        </button>
      </div>
    </article>
  );
}
