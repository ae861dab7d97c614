/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { formatKwd } from '../../shared/money';
import type { TenantItem } from '../../shared/tenant-pay';
import { formatDate } from '../format';
import { useI18n } from '../i18n/context';

/**
 * A rent invoice or deposit in words: "Rent" and its amount, the period (or what the deposit is
 * for), `children` (its due date and state on the page that pays it), and its reference.
 */
export function ItemLabel({ item, children }: { item: TenantItem; children?: ComponentChildren }) {
  const { language, t } = useI18n();
  const detail =
    item.kind === 'rent_invoice' && item.period_start && item.period_end
      ? t('tenant.period', {
          from: formatDate(item.period_start, language),
          to: formatDate(item.period_end, language),
        })
      : null;
  return (
    <span class="item-label">
      <span class="item-head">
        <span class="item-title">{item.kind === 'rent_invoice' ? t('tenant.rent') : t('tenant.deposit')}</span>
        <span class="item-amount">{formatKwd(item.amount, language)}</span>
      </span>
      {detail ? <span class="item-detail">{detail}</span> : null}
      {item.description ? (
        <span class="item-detail">
          <bdi>{item.description}</bdi>
        </span>
      ) : null}
      {children}
      <span class="item-reference">
        <bdi class="code">{item.reference_no}</bdi>
      </span>
    </span>
  );
}

/** An item's key in a selection: its kind and reference. */
export const itemKey = (item: Pick<TenantItem, 'kind' | 'reference_no'>) => `${item.kind}:${item.reference_no}`;
