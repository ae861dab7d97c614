/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { formatKwd } from '../../shared/money';
import type { SaleTotalsText } from '../../shared/sale-totals';
import type { StoreList, StoreProduct } from '../../shared/storefront';
import { Link } from '../components/Link';
import { Notice } from '../components/Notice';
import { formatDate } from '../format';
import { useI18n } from '../i18n/context';
import { unitsIn, useCart } from './cart';
import { productTitle } from './names';
import { storePath } from './paths';

/** A product's picture, or its initial on a tinted square when it has none (or it fails to load). */
export function ProductImage({ product, large }: { product: StoreProduct; large?: boolean }) {
  const { language } = useI18n();
  const [failed, setFailed] = useState(false);
  const size = large ? 'product-image product-image-large' : 'product-image';
  if (!product.image || failed)
    return (
      <span class={`${size} product-image-none`} aria-hidden="true">
        {productTitle(product, language).slice(0, 1)}
      </span>
    );
  return (
    <img
      class={size}
      src={product.image}
      alt=""
      loading={large ? 'eager' : 'lazy'}
      decoding="async"
      width={large ? 480 : 160}
      height={large ? 480 : 160}
      onError={() => setFailed(true)}
    />
  );
}

/** The price in KWD; on sale, the sale price with the list price struck through. */
export function PriceTag({ product }: { product: StoreProduct }) {
  const { language, t } = useI18n();
  if (!product.sale_price) return <span class="price">{formatKwd(product.price, language)}</span>;
  return (
    <span class="price">
      <span class="price-sale">{formatKwd(product.sale_price, language)}</span>{' '}
      <del class="price-was">
        <span class="sr-only">{t('store.was')} </span>
        {formatKwd(product.price, language)}
      </del>
    </span>
  );
}

/** What is left of a product, when it is worth saying: out of stock, a few left, the most per order. */
export function StockNote({ product }: { product: StoreProduct }) {
  const { t } = useI18n();
  if (product.available === 0) return <span class="stock stock-out">{t('store.out_of_stock')}</span>;
  const notes = [
    product.available <= 5 ? t('store.left', { smart_count: product.available }) : '',
    product.max_qty_per_order ? t('store.max_per_order', { smart_count: product.max_qty_per_order }) : '',
  ].filter(Boolean);
  return notes.length ? <span class="stock">{notes.join(' · ')}</span> : null;
}

/** A quantity between 1 and `max`, with − and + buttons large enough for a thumb. */
export function QuantityPicker({
  id,
  value,
  max,
  label,
  onChange,
}: {
  id: string;
  value: number;
  max: number;
  /** What the number counts, for screen readers ("Quantity of Cardamom"). */
  label: string;
  onChange: (qty: number) => void;
}) {
  const { t } = useI18n();
  const set = (next: number) => onChange(Math.min(Math.max(1, next), Math.max(1, max)));
  return (
    <div class="qty" role="group" aria-label={label}>
      <button
        type="button"
        class="qty-step"
        aria-label={t('store.decrease')}
        aria-controls={id}
        disabled={value <= 1}
        onClick={() => set(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        class="qty-value"
        type="text"
        inputMode="numeric"
        dir="ltr"
        aria-label={label}
        value={String(value)}
        onChange={(event) => {
          const typed = Number.parseInt(event.currentTarget.value.replace(/\D/g, ''), 10);
          set(Number.isNaN(typed) ? value : typed);
          event.currentTarget.value = String(Math.min(Math.max(1, Number.isNaN(typed) ? value : typed), max));
        }}
      />
      <button
        type="button"
        class="qty-step"
        aria-label={t('store.increase')}
        aria-controls={id}
        disabled={value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </button>
    </div>
  );
}

/** The header's cart link with the number of units in the cart. */
export function CartLink() {
  const { t } = useI18n();
  const units = unitsIn(useCart());
  return (
    <Link href={storePath.cart()} class="cart-link" label={t('store.cart_label', { smart_count: units })}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9a2 2 0 0 0 1.8-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6L5.2 16A2 2 0 0 0 7 19h12v-2H7.4z"
        />
      </svg>
      {units > 0 ? (
        <span class="cart-count" aria-hidden="true">
          {units}
        </span>
      ) : null}
    </Link>
  );
}

/** The page of a list that takes no orders now: why, and when it opens again when that is known. */
export function ClosedNotice({ list }: { list: StoreList }) {
  const { language, t } = useI18n();
  const date = formatDate(list.opens_on, language);
  switch (list.state) {
    case 'not_started':
      return (
        <Notice tone="info" title={t('store.closed.not_started_title')}>
          <p>{t('store.closed.not_started', { date })}</p>
        </Notice>
      );
    case 'full_today':
      return (
        <Notice tone="info" title={t('store.closed.full_today_title')}>
          <p>{date ? t('store.closed.full_today', { date }) : t('store.closed.full_today_last')}</p>
        </Notice>
      );
    case 'ended':
      return (
        <Notice tone="error" title={t('store.closed.ended_title')}>
          <p>{t('store.closed.ended')}</p>
        </Notice>
      );
    default:
      return (
        <Notice tone="error" title={t('store.closed.inactive_title')}>
          <p>{t('store.closed.inactive')}</p>
        </Notice>
      );
  }
}

/** Subtotal, discount and service charge when there are any, and the total. */
export function TotalRows({ totals }: { totals: SaleTotalsText }) {
  const { language, t } = useI18n();
  const rows: [string, string, string][] = [
    ['subtotal', t('cart.subtotal'), formatKwd(totals.sub_total, language)],
    ...(totals.discount !== '0.000'
      ? [['discount', t('cart.discount'), `− ${formatKwd(totals.discount, language)}`] as [string, string, string]]
      : []),
    ...(totals.service_charge !== '0.000'
      ? [['service', t('cart.service_charge'), formatKwd(totals.service_charge, language)] as [string, string, string]]
      : []),
  ];
  return (
    <dl class="totals">
      {rows.map(([key, label, value]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd dir="auto">{value}</dd>
        </div>
      ))}
      <div class="totals-grand">
        <dt>{t('cart.total')}</dt>
        <dd dir="auto">{formatKwd(totals.grand_total, language)}</dd>
      </div>
    </dl>
  );
}
