import type { Language } from '../../shared/i18n';
import type { StoreCategory, StoreProduct } from '../../shared/storefront';

/** A product's title in the customer's language: the Arabic title in Arabic when the merchant wrote one. */
export const productTitle = (product: Pick<StoreProduct, 'title' | 'title_ar'>, language: Language): string =>
  (language === 'ar' && product.title_ar?.trim()) || product.title;

/** A category's name in the customer's language. */
export const categoryName = (category: StoreCategory, language: Language): string =>
  (language === 'ar' && category.name_ar?.trim()) || category.name;

/** The price charged for one unit now: the sale price when there is one. */
export const unitPrice = (product: StoreProduct): string => product.sale_price ?? product.price;

/** The most units of `product` one order may take now: its stock, and the merchant's limit per order. */
export const mostPerOrder = (product: StoreProduct): number =>
  product.max_qty_per_order ? Math.min(product.available, product.max_qty_per_order) : product.available;
