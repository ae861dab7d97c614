/** @jsxImportSource preact */
import { formatKwd } from '../../shared/money';
import type { Payable, PayPart } from '../../shared/pay';
import { Link } from '../components/Link';
import { Summary } from '../components/Summary';
import { formatDate } from '../format';
import { useI18n } from '../i18n/context';
import { pathTo } from './paths';

/**
 * `/sp/{ref}`: the parts of a split, instalment or group invoice in order, each with its amount,
 * due date and state; a part that can be paid has its Pay button, a paid one its receipt.
 */
export function PartsList({ payable }: { payable: Payable }) {
  const { t } = useI18n();
  return (
    <>
      <Summary payable={payable} />
      <section class="card parts" aria-labelledby="parts-title">
        <h2 id="parts-title">{t('parts.heading')}</h2>
        <ol class="part-list">
          {payable.parts.map((part) => (
            <PartRow key={part.reference_no} part={part} />
          ))}
        </ol>
      </section>
    </>
  );
}

function PartRow({ part }: { part: PayPart }) {
  const { language, t } = useI18n();
  return (
    <li class={`part part-${part.state}`}>
      <div class="part-main">
        <span class="part-title">
          {t('parts.part', { seq: part.seq })}
          {part.customer_name ? (
            <span class="part-customer">
              {' · '}
              <bdi>{part.customer_name}</bdi>
            </span>
          ) : null}
        </span>
        <span class="part-amount">{formatKwd(part.amount, language)}</span>
      </div>
      <div class="part-meta">
        {part.due_date ? <span>{t('parts.due', { date: formatDate(part.due_date, language) })}</span> : null}
        <span class={`badge badge-${part.state}`}>{t(`part_state.${part.state}`)}</span>
      </div>
      {part.state === 'payable' ? (
        <Link
          href={pathTo.pay(part.reference_no)}
          class="button button-primary part-action"
          label={t('parts.pay_part', { seq: part.seq })}
        >
          {t('parts.pay')}
        </Link>
      ) : null}
      {part.state === 'paid' && part.receipt_reference ? (
        <Link
          href={pathTo.receipt(part.receipt_reference)}
          class="button part-action"
          label={t('parts.receipt_part', { seq: part.seq })}
        >
          {t('parts.receipt')}
        </Link>
      ) : null}
    </li>
  );
}
