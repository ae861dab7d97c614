import { STORE_PAGES, type StoreList } from '../../shared/storefront';

/** Addresses of the storefront's customer pages. */
export const storePath = {
  sale: (reference: string) => STORE_PAGES.sale + encodeURIComponent(reference),
  product: (reference: string, id: number) => `${STORE_PAGES.product}${encodeURIComponent(reference)}/${id}`,
  cart: () => STORE_PAGES.cart,
  /** The checkout; with an order, the payment of that order (a reload keeps it). */
  checkout: (order?: string) =>
    order ? `${STORE_PAGES.checkout}?order=${encodeURIComponent(order)}` : STORE_PAGES.checkout,
  /**
   * Where a cart of `list` checks out: a store list sells the merchant's stock (`/stock/checkout`),
   * an event or donation list its tickets or gifts (`/sale/checkout`). Both pages check out any cart.
   */
  checkoutOf: (list: Pick<StoreList, 'type'>) =>
    list.type === 'store' ? STORE_PAGES.stockCheckout : STORE_PAGES.checkout,
  receipt: (reference: string) => STORE_PAGES.receipt + encodeURIComponent(reference),
  track: (reference: string) => STORE_PAGES.track + encodeURIComponent(reference),
};
