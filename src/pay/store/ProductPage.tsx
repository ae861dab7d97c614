/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { StoreList, StoreProduct } from '../../shared/storefront';
import { Link } from '../components/Link';
import { Notice } from '../components/Notice';
import { useI18n } from '../i18n/context';
import { AddToCart } from './AddToCart';
import { mostPerOrder, productTitle } from './names';
import { PriceTag, ProductImage, QuantityPicker, StockNote } from './parts';
import { storePath } from './paths';
import { StoreFrame } from './SalePage';

/** `/saleproduct/{reference}/{id}`: one product of a sale list, its picture large, and how many to add. */
export function ProductPage({ reference, id }: { reference: string; id: string }) {
  return (
    <StoreFrame reference={reference}>
      {(list) => {
        const product = list.products.find((candidate) => String(candidate.id) === id);
        return product ? <ProductDetail list={list} product={product} /> : <UnknownProduct list={list} />;
      }}
    </StoreFrame>
  );
}

function BackToSale({ list }: { list: StoreList }) {
  const { t } = useI18n();
  return (
    <Link href={storePath.sale(list.reference_no)} class="text-link back-link">
      {t('store.back_to_sale')}
    </Link>
  );
}

function UnknownProduct({ list }: { list: StoreList }) {
  const { t } = useI18n();
  return (
    <Notice tone="error" title={t('store.product_not_found_title')} actions={<BackToSale list={list} />}>
      <p>{t('store.product_not_found')}</p>
    </Notice>
  );
}

function ProductDetail({ list, product }: { list: StoreList; product: StoreProduct }) {
  const { language, t } = useI18n();
  const [qty, setQty] = useState(1);
  const title = productTitle(product, language);
  const most = mostPerOrder(product);
  return (
    <>
      <BackToSale list={list} />
      <article class="card product-detail" aria-labelledby="product-title">
        <ProductImage product={product} large />
        <div class="product-facts">
          <h1 id="product-title" class="product-name">
            <bdi>{title}</bdi>
          </h1>
          {product.tagline ? (
            <p class="product-tagline">
              <bdi>{product.tagline}</bdi>
            </p>
          ) : null}
          <p class="product-price">
            <PriceTag product={product} />
          </p>
          <StockNote product={product} />
          {product.available > 0 ? (
            <div class="field">
              <span class="qty-label" id="qty-label">
                {t('store.quantity')}
              </span>
              <QuantityPicker
                id="qty"
                value={Math.min(qty, Math.max(1, most))}
                max={most}
                label={t('store.quantity_of', { product: title })}
                onChange={setQty}
              />
            </div>
          ) : null}
          <AddToCart list={list} product={product} qty={Math.min(qty, Math.max(1, most))} />
          <Link href={storePath.cart()} class="text-link">
            {t('store.view_cart')}
          </Link>
        </div>
      </article>
    </>
  );
}
