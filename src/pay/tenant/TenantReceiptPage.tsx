/** @jsxImportSource preact */

import { formatKwd } from '../../shared/money';
import type { TenantReceipt } from '../../shared/tenant-pay';
import { getTenantReceipts } from '../api';
import { Icon } from '../components/icons';
import { Link } from '../components/Link';
import { Notice } from '../components/Notice';
import { formatKuwaitTime } from '../format';
import { useI18n } from '../i18n/context';
import type { MessageKey } from '../i18n/messages';
import { pathTo } from '../pages/paths';
import { useLoad } from '../pages/useLoad';
import { ItemLabel, itemKey } from './ItemLabel';
import { TenantHeading } from './TenantPaymentsPage';
import { LoadedPage } from '../pages/LoadedPage';

/**
 * `/tenant-receipt/{token}`: the receipt of each payment the tenant made on their page, newest
 * first: when, how much, the card, the references and what it paid; printable (the printout
 * leaves out the buttons and the language switch).
 */
export function TenantReceiptPage({ token }: { token: string }) {
  const { language, t } = useI18n();
  const [state, reload] = useLoad(() => getTenantReceipts(language, token));
  return (
    <LoadedPage
      state={state}
      reload={reload}
      notFound={['tenant.unknown_title', 'tenant.unknown']}
      title="tenant.receipts_document_title"
    >
      {(receipts) => (
        <>
          <TenantHeading account={receipts} />
          <h2 class="section-title">{t('tenant.receipts_heading')}</h2>
          {receipts.receipts.length === 0 ? (
            <Notice tone="info" title={t('tenant.no_receipts')} />
          ) : (
            <>
              <p class="hint">{t('tenant.receipts_intro')}</p>
              {receipts.receipts.map((receipt) => (
                <ReceiptCard key={receipt.transaction_reference} receipt={receipt} />
              ))}
            </>
          )}
          <div class="actions no-print">
            {receipts.receipts.length > 0 ? (
              <button type="button" class="button button-primary" onClick={() => window.print()}>
                {t('action.print')}
              </button>
            ) : null}
            <Link href={pathTo.tenant(token)} class="button">
              {t('tenant.back_to_payments')}
            </Link>
          </div>
        </>
      )}
    </LoadedPage>
  );
}

function ReceiptCard({ receipt }: { receipt: TenantReceipt }) {
  const { language, t } = useI18n();
  const titleId = `receipt-${receipt.transaction_reference}`;
  const methodKey = `method.${receipt.method}` as MessageKey;
  const rows: [MessageKey, string | null, boolean][] = [
    ['receipt.method', t(methodKey) === methodKey ? receipt.method : t(methodKey), false],
    ['receipt.card', receipt.card_last4 ? t('receipt.card_ending', { last4: receipt.card_last4 }) : null, false],
    ['receipt.status', t(`status.${receipt.status}`), false],
    ['receipt.reference', receipt.transaction_reference, true],
    ['tenant.payment_reference', receipt.payment_reference, true],
    ['receipt.auth_code', receipt.auth_code, true],
  ];
  return (
    <article class="card receipt receipt-success tenant-receipt" aria-labelledby={titleId}>
      <header class="receipt-head">
        <Icon name="check" class="receipt-icon" />
        <h3 id={titleId}>{t('tenant.paid_title')}</h3>
        <p class="receipt-amount">{formatKwd(receipt.amount, language)}</p>
        <p class="receipt-thanks">{t('tenant.paid_on', { date: formatKuwaitTime(receipt.paid_at, language) })}</p>
      </header>
      <h4 class="items-paid">{t('tenant.items_paid')}</h4>
      <ul class="item-list item-list-paid">
        {receipt.items.map((item) => (
          <li key={itemKey(item)} class="item">
            <ItemLabel item={item} />
          </li>
        ))}
      </ul>
      <dl class="receipt-rows">
        {rows
          .filter(([, value]) => value)
          .map(([label, value, code]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{code ? <bdi class="code">{value}</bdi> : value}</dd>
            </div>
          ))}
      </dl>
    </article>
  );
}
