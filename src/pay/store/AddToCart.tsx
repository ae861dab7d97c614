/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { StoreList, StoreProduct } from '../../shared/storefront';
import { useI18n } from '../i18n/context';
import { readCart, useCart, withQuantity, writeCart } from './cart';
import { mostPerOrder, productTitle, unitPrice } from './names';

/**
 * Adds `qty` units of a product to the cart, up to what one order may take. A cart holding another
 * list's products is emptied only once the customer says so; after adding, the button says so for
 * a moment (and a screen reader hears it).
 */
export function AddToCart({
  list,
  product,
  qty,
  compact,
}: {
  list: StoreList;
  product: StoreProduct;
  qty: number;
  /** On a product card: a smaller button. */
  compact?: boolean;
}) {
  const { language, t } = useI18n();
  const cart = useCart();
  const [asking, setAsking] = useState(false);
  const [added, setAdded] = useState(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timerRef.current), []);

  const title = productTitle(product, language);
  const most = mostPerOrder(product);
  const inCart =
    cart.sale_id === list.reference_no ? (cart.items.find((item) => item.product_id === product.id)?.qty ?? 0) : 0;
  const full = product.available === 0 || inCart >= most;

  const add = () => {
    const current = readCart();
    const held =
      current.sale_id === list.reference_no
        ? (current.items.find((item) => item.product_id === product.id)?.qty ?? 0)
        : 0;
    writeCart(
      withQuantity(current, list.reference_no, {
        product_id: product.id,
        qty: Math.min(most, held + qty),
        price: unitPrice(product),
      }),
    );
    setAsking(false);
    setAdded(true);
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => setAdded(false), 2500);
  };
  const onClick = () => {
    const current = readCart();
    if (current.sale_id && current.sale_id !== list.reference_no) setAsking(true);
    else add();
  };

  if (asking)
    return (
      <div
        class="ask"
        role="alertdialog"
        aria-labelledby={`ask-${product.id}`}
        aria-describedby={`ask-text-${product.id}`}
      >
        <p id={`ask-${product.id}`} class="ask-title">
          {t('store.other_list_title')}
        </p>
        <p id={`ask-text-${product.id}`}>{t('store.other_list')}</p>
        <div class="ask-actions">
          <button type="button" class="button button-primary" onClick={add}>
            {t('store.other_list_confirm')}
          </button>
          <button type="button" class="button" onClick={() => setAsking(false)}>
            {t('store.keep_cart')}
          </button>
        </div>
      </div>
    );
  return (
    <div class={compact ? 'add add-compact' : 'add'}>
      <button
        type="button"
        class="button button-primary"
        disabled={full}
        aria-label={compact ? t('store.add_named', { product: title }) : undefined}
        onClick={onClick}
      >
        {product.available === 0 ? t('store.out_of_stock') : full ? t('store.most_in_cart') : t('store.add')}
      </button>
      <span class="add-done" role="status">
        {added ? t('store.added') : inCart > 0 ? t('store.in_cart', { smart_count: inCart }) : ''}
      </span>
    </div>
  );
}
