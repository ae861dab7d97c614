/** @jsxImportSource preact */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatKwd } from '../../shared/money';
import { saleTotals, saleTotalsText } from '../../shared/sale-totals';
import type { StoreList, StoreProduct } from '../../shared/storefront';
import { getStoreList } from '../api';
import { Link } from '../components/Link';
import { merchantName } from '../format';
import { useI18n } from '../i18n/context';
import { useLoad } from '../pages/useLoad';
import { useCart, type Cart } from './cart';
import { AddToCart } from './AddToCart';
import { categoryName, productTitle } from './names';
import { CartLink, ClosedNotice, PriceTag, ProductImage, StockNote } from './parts';
import { storePath } from './paths';
import { LoadedPage } from '../pages/LoadedPage';

/** Lists of more products than this get a search box and, with several categories, a category filter. */
const FILTER_FROM = 6;

/** The page title of a storefront page: the list's name and the merchant's. */
export function useStoreTitle(list: StoreList | null): void {
  const { language, t } = useI18n();
  useEffect(() => {
    if (list)
      document.title = t('store.document_title', { list: list.name, merchant: merchantName(list.merchant, language) });
  }, [list, language, t]);
}

/** Loads a sale list and shows it in the storefront's frame, or the page of why it cannot be shown. */
export function StoreFrame({
  reference,
  children,
}: {
  reference: string;
  children: (list: StoreList, reload: () => void) => preact.ComponentChildren;
}) {
  const { language } = useI18n();
  const [state, reload] = useLoad(() => getStoreList(language, reference));
  const list = state.kind === 'ok' ? state.data : null;
  useStoreTitle(list);
  return (
    <LoadedPage
      state={state}
      reload={reload}
      notFound={['store.not_found_title', 'store.not_found']}
      variant="wide"
      aside={<CartLink />}
    >
      {(open) => (open.state === 'open' ? children(open, reload) : <ClosedNotice list={open} />)}
    </LoadedPage>
  );
}

/** `/sale/{reference}`: a merchant's sale list, its products, and the way to the cart. */
export function SalePage({ reference }: { reference: string }) {
  return <StoreFrame reference={reference}>{(list) => <Catalogue list={list} />}</StoreFrame>;
}

function matches(product: StoreProduct, words: string[]): boolean {
  const text = `${product.title} ${product.title_ar ?? ''} ${product.tagline ?? ''}`.toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}

function Catalogue({ list }: { list: StoreList }) {
  const { language, t } = useI18n();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const filterable = list.products.length > FILTER_FROM;
  const shown = useMemo(() => {
    const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
    return list.products.filter(
      (product) =>
        (!category || String(product.category_id) === category) && (words.length === 0 || matches(product, words)),
    );
  }, [list.products, query, category]);

  return (
    <>
      <section class="store-head" aria-labelledby="sale-title">
        <h1 id="sale-title">
          <bdi>{list.name}</bdi>
        </h1>
        <p class="store-count">{t('store.products', { smart_count: list.products.length })}</p>
      </section>
      {filterable ? (
        <div class="store-filters" role="search">
          <div class="field">
            <label for="store-search">{t('store.search')}</label>
            <input
              id="store-search"
              type="search"
              value={query}
              autoComplete="off"
              onInput={(event) => setQuery(event.currentTarget.value)}
            />
          </div>
          {list.categories.length > 1 ? (
            <div class="field">
              <label for="store-category">{t('store.category')}</label>
              <select id="store-category" value={category} onChange={(event) => setCategory(event.currentTarget.value)}>
                <option value="">{t('store.all_categories')}</option>
                {list.categories.map((entry) => (
                  <option key={entry.id} value={String(entry.id)}>
                    {categoryName(entry, language)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      ) : null}
      {list.products.length === 0 ? (
        <p class="card store-empty">{t('store.empty')}</p>
      ) : shown.length === 0 ? (
        <p class="card store-empty" role="status">
          {t('store.no_match')}
        </p>
      ) : (
        <ul class="product-grid" aria-label={t('store.products_label')}>
          {shown.map((product) => (
            <ProductCard key={product.id} list={list} product={product} />
          ))}
        </ul>
      )}
      <CartBar list={list} />
    </>
  );
}

function ProductCard({ list, product }: { list: StoreList; product: StoreProduct }) {
  const { language } = useI18n();
  const title = productTitle(product, language);
  const href = storePath.product(list.reference_no, product.id);
  return (
    <li class={product.available === 0 ? 'card product product-out' : 'card product'}>
      <Link href={href} class="product-link">
        <ProductImage product={product} />
        <span class="product-title">
          <bdi>{title}</bdi>
        </span>
      </Link>
      {product.tagline ? (
        <p class="product-tagline">
          <bdi>{product.tagline}</bdi>
        </p>
      ) : null}
      <PriceTag product={product} />
      <StockNote product={product} />
      <AddToCart list={list} product={product} qty={1} compact />
    </li>
  );
}

/** The foot of the page while the cart holds products of this list: how many, the total, and the way on. */
function CartBar({ list }: { list: StoreList }) {
  const { language, t } = useI18n();
  const cart: Cart = useCart();
  if (cart.sale_id !== list.reference_no || cart.items.length === 0) return null;
  const units = cart.items.reduce((sum, item) => sum + item.qty, 0);
  const total = saleTotalsText(saleTotals(cart.items, list)).grand_total;
  return (
    <div class="cart-bar">
      <span>
        {t('store.units', { smart_count: units })} · <bdi>{formatKwd(total, language)}</bdi>
      </span>
      <Link href={storePath.cart()} class="button button-primary">
        {t('store.view_cart')}
      </Link>
    </div>
  );
}
