/** @jsxImportSource preact */
import { useMemo, useState } from 'preact/hooks';
import { fromFils, toFils } from '../../shared/money';
import type { Payable } from '../../shared/pay';
import type { TenantAccount, TenantItem } from '../../shared/tenant-pay';
import { getTenantAccount, postTenantPayment } from '../api';
import { Link } from '../components/Link';
import { Notice } from '../components/Notice';
import { useI18n } from '../i18n/context';
import { pathTo } from '../pages/paths';
import { Payment } from '../pages/PayPage';
import { useLoad } from '../pages/useLoad';
import type { SendPayment } from '../payment/PaymentForm';
import { navigate } from '../router';
import { ItemChoice } from './ItemChoice';
import { itemKey } from './ItemLabel';
import { LoadedPage } from '../pages/LoadedPage';

/** The sum of the items' amounts, exact in fils. */
export const totalOf = (items: readonly TenantItem[]) =>
  fromFils(items.reduce((sum, item) => sum + (toFils(item.amount) ?? 0n), 0n));

/**
 * `/tenant/payments/{token}`: the tenant's unpaid and overdue rent invoices and unpaid deposits,
 * to pay one or several at once by card; once paid, the receipts. The token in the address is the
 * tenant's link, the only thing naming them.
 */
export function TenantPaymentsPage({ token }: { token: string }) {
  const { language } = useI18n();
  const [state, reload] = useLoad(() => getTenantAccount(language, token));
  // Kept across the reload a refused payment causes, and shown above the pay button.
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <LoadedPage
      state={state}
      reload={reload}
      notFound={['tenant.unknown_title', 'tenant.unknown']}
      title="tenant.document_title"
    >
      {(account) => (
        <TenantPage
          token={token}
          account={account}
          refusal={refusal}
          onRefused={(message) => {
            setRefusal(message);
            reload();
          }}
          onReload={() => {
            setRefusal(null);
            reload();
          }}
        />
      )}
    </LoadedPage>
  );
}

/** What the tenant's loaded page is given: the account, and the answer to a payment refused or to look again. */
interface TenantPageProps {
  token: string;
  account: TenantAccount;
  refusal: string | null;
  onRefused: (message: string) => void;
  onReload: () => void;
}

/** The tenant's page once loaded: what is due and its payment, or that nothing is, and the receipts' link. */
function TenantPage({ token, account, refusal, onRefused, onReload }: TenantPageProps) {
  const { t } = useI18n();
  return (
    <>
      <TenantHeading account={account} />
      {account.due.length === 0 ? (
        <Notice tone="success" title={t('tenant.nothing_due_title')}>
          <p>{t('tenant.nothing_due')}</p>
        </Notice>
      ) : (
        <TenantPayment token={token} account={account} refusal={refusal} onRefused={onRefused} onReload={onReload} />
      )}
      {account.receipts_count > 0 ? (
        <p class="tenant-links">
          <Link href={pathTo.tenantReceipt(token)} class="text-link">
            {t('tenant.view_receipts')}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** Who the page is for: the tenant and the unit they rent. */
export function TenantHeading({ account }: { account: Pick<TenantAccount, 'tenant_name' | 'unit_name'> }) {
  const { t } = useI18n();
  return (
    <section class="card summary" aria-labelledby="tenant-title">
      <h1 id="tenant-title" class="summary-title">
        {t('tenant.heading')}
      </h1>
      <dl class="facts">
        <div>
          <dt>{t('tenant.tenant')}</dt>
          <dd>
            <bdi>{account.tenant_name}</bdi>
          </dd>
        </div>
        {account.unit_name ? (
          <div>
            <dt>{t('tenant.unit')}</dt>
            <dd>
              <bdi>{account.unit_name}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The choice of what to pay and, while something is chosen, the card payment of its total. */
function TenantPayment({ token, account, refusal, onRefused, onReload }: TenantPageProps) {
  const { language, t } = useI18n();
  const [chosenKeys, setChosenKeys] = useState<Set<string>>(() => new Set(account.due.map(itemKey)));
  const chosen = account.due.filter((item) => chosenKeys.has(itemKey(item)));
  const selection = chosen.map(itemKey).join(',');
  const total = totalOf(chosen);

  const payable = useMemo<Payable>(
    () => ({
      reference_no: token,
      kind: 'tenant',
      invoice_kind: 'tenant',
      state: 'payable',
      merchant: account.merchant,
      title: null,
      description: null,
      customer_name: account.tenant_name,
      amount: total,
      min_amount: null,
      max_amount: null,
      currency: 'KWD',
      methods: account.methods,
      fields: [],
      expiry_date: null,
      parts: [],
      in_flight: account.in_flight,
      receipt_reference: null,
      subscription: null,
      parent_reference: null,
    }),
    [token, account, total],
  );
  const send: SendPayment = (request, idempotencyKey) =>
    postTenantPayment(
      language,
      token,
      {
        items: chosen.map(({ kind, reference_no }) => ({ kind, reference_no })),
        method: request.method,
        ...(request.card ? { card: request.card } : {}),
        ...(request.continue_in_flight ? { continue_in_flight: true } : {}),
      },
      idempotencyKey,
    );

  return (
    <>
      <ItemChoice items={account.due} chosen={new Set(chosen.map(itemKey))} total={total} onChange={setChosenKeys} />
      {chosen.length > 0 ? (
        // A new choice is a new payment: the form starts again, with a key of its own.
        <Payment
          key={selection}
          payable={payable}
          summary={null}
          refusal={refusal}
          onRefused={onRefused}
          onReload={onReload}
          onPaid={() => navigate(pathTo.tenantReceipt(token))}
          send={send}
        />
      ) : (
        <p class="card alert-note" role="note">
          {t('tenant.none_chosen')}
        </p>
      )}
    </>
  );
}
