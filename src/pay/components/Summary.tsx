/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { formatKwd } from '../../shared/money';
import type { Payable } from '../../shared/pay';
import { formatDate } from '../format';
import { useI18n } from '../i18n/context';
import type { MessageKey } from '../i18n/messages';

/**
 * What is asked for: the amount in KWD (three decimals), the title and description the merchant
 * wrote, who it is for, the reference and until when the link can be paid.
 */
export function Summary({ payable, children }: { payable: Payable; children?: ComponentChildren }) {
  const { language, t } = useI18n();
  const subscription = payable.subscription;
  const frequencyText = (frequency: string) => {
    const key = `subscription.frequency.${frequency}` as MessageKey;
    const text = t(key);
    return text === key ? frequency : text;
  };
  return (
    <section class="card summary" aria-labelledby="summary-title">
      <h1 id="summary-title" class="summary-title">
        {payable.title ? <bdi>{payable.title}</bdi> : t('invoice.heading')}
      </h1>
      {payable.amount !== null ? (
        <p class="amount">
          <span class="amount-label">{payable.kind === 'parts' ? t('parts.total') : t('invoice.amount_due')}</span>
          <span class="amount-value" dir="auto">
            {formatKwd(payable.amount, language)}
          </span>
        </p>
      ) : null}
      {payable.description ? (
        <p class="description">
          <bdi>{payable.description}</bdi>
        </p>
      ) : null}
      {subscription ? (
        <p class="subscription">
          {t('subscription.charged', {
            amount: formatKwd(payable.amount, language),
            frequency: frequencyText(subscription.frequency),
          })}{' '}
          {subscription.number_of_periods
            ? t('subscription.periods', { smart_count: subscription.number_of_periods })
            : t('subscription.until_cancelled')}{' '}
          {t('subscription.start', { date: formatDate(subscription.start_date, language) })}
        </p>
      ) : null}
      <dl class="facts">
        {payable.customer_name ? (
          <div>
            <dt>{t('invoice.customer')}</dt>
            <dd>
              <bdi>{payable.customer_name}</bdi>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('invoice.reference')}</dt>
          <dd>
            <bdi>{payable.reference_no}</bdi>
          </dd>
        </div>
      </dl>
      {payable.expiry_date ? (
        <p class="expiry">{t('invoice.valid_until', { date: formatDate(payable.expiry_date, language) })}</p>
      ) : null}
      {children}
    </section>
  );
}
