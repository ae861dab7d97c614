/** @jsxImportSource preact */
import { formatKwd, fromFils, toFils } from '../../shared/money';
import type { StoreList } from '../../shared/storefront';
import { Link } from '../components/Link';
import { Notice } from '../components/Notice';
import { Shell } from '../components/Shell';
import { useI18n } from '../i18n/context';
import { navigate } from '../router';
import { useCart, withQuantity, writeCart, type Cart } from './cart';
import { acceptChanges, cartLines, linesTotals, type CartLine } from './cartLines';
import { productTitle } from './names';
import { CartLink, ProductImage, QuantityPicker, TotalRows } from './parts';
import { storePath } from './paths';
import { StoreFrame } from './SalePage';

/** `/sale/cart`: the cart's lines, editable, what changed since they were added, and the totals. */
export function CartPage() {
  const cart = useCart();
  if (!cart.sale_id) return <EmptyCart />;
  return <StoreFrame reference={cart.sale_id}>{(list) => <CartView cart={cart} list={list} />}</StoreFrame>;
}

/** The page of an empty cart (or of a cart whose list is gone). */
export function EmptyCart({ list }: { list?: StoreList }) {
  const { t } = useI18n();
  const body = (
    <Notice
      tone="info"
      title={t('cart.empty_title')}
      actions={
        list ? (
          <Link href={storePath.sale(list.reference_no)} class="button button-primary">
            {t('store.continue_shopping')}
          </Link>
        ) : null
      }
    >
      <p>{t('cart.empty')}</p>
    </Notice>
  );
  return list ? (
    body
  ) : (
    <Shell variant="wide" aside={<CartLink />}>
      {body}
    </Shell>
  );
}

function CartView({ cart, list }: { cart: Cart; list: StoreList }) {
  const { t } = useI18n();
  if (cart.items.length === 0) return <EmptyCart list={list} />;
  const lines = cartLines(cart, list);
  const changed = lines.some((line) => line.change !== null);
  const totals = linesTotals(lines, list);
  return (
    <>
      <section class="card cart" aria-labelledby="cart-title">
        <h1 id="cart-title">{t('cart.heading')}</h1>
        {changed ? (
          <div class="alert" role="alert">
            <p>{t('cart.changed')}</p>
            <button type="button" class="button" onClick={() => writeCart(acceptChanges(cart, lines))}>
              {t('cart.accept')}
            </button>
          </div>
        ) : null}
        <ul class="cart-lines">
          {lines.map((line) => (
            <Line key={line.item.product_id} cart={cart} list={list} line={line} />
          ))}
        </ul>
        <TotalRows totals={totals} />
        <button
          type="button"
          class="button button-primary pay-button"
          disabled={changed || toFils(totals.sub_total) === 0n}
          onClick={() => navigate(storePath.checkoutOf(list))}
        >
          {t('cart.checkout')}
        </button>
      </section>
      <Link href={storePath.sale(list.reference_no)} class="text-link back-link">
        {t('store.continue_shopping')}
      </Link>
    </>
  );
}

function Line({ cart, list, line }: { cart: Cart; list: StoreList; line: CartLine }) {
  const { language, t } = useI18n();
  const { item, product } = line;
  const title = product ? productTitle(product, language) : t('cart.unknown_product');
  const setQty = (qty: number) => writeCart(withQuantity(cart, list.reference_no, { ...item, qty }));
  const lineTotal = fromFils((toFils(line.price) ?? 0n) * BigInt(item.qty));
  const note =
    line.change === 'gone'
      ? t('cart.gone')
      : line.change === 'sold_out'
        ? t('store.out_of_stock')
        : line.change === 'fewer'
          ? t('store.left', { smart_count: line.most })
          : line.change === 'price'
            ? t('cart.price_now', { price: formatKwd(line.price, language), was: formatKwd(item.price, language) })
            : null;
  return (
    <li class={line.change ? 'cart-line cart-line-changed' : 'cart-line'}>
      {product ? (
        <Link href={storePath.product(list.reference_no, product.id)} class="cart-line-image">
          <ProductImage product={product} />
          <span class="sr-only">{title}</span>
        </Link>
      ) : (
        <span class="cart-line-image" />
      )}
      <div class="cart-line-body">
        <p class="cart-line-title">
          <bdi>{title}</bdi>
        </p>
        <p class="cart-line-each">{t('cart.each', { price: formatKwd(line.price, language) })}</p>
        {note ? <p class="cart-line-note">{note}</p> : null}
        <div class="cart-line-controls">
          {product && line.most > 0 ? (
            <QuantityPicker
              id={`qty-${item.product_id}`}
              value={item.qty}
              max={Math.max(line.most, item.qty)}
              label={t('store.quantity_of', { product: title })}
              onChange={setQty}
            />
          ) : null}
          <button
            type="button"
            class="link-button"
            aria-label={t('cart.remove_named', { product: title })}
            onClick={() => setQty(0)}
          >
            {t('cart.remove')}
          </button>
        </div>
      </div>
      <p class="cart-line-total" dir="auto">
        {formatKwd(lineTotal, language)}
      </p>
    </li>
  );
}
