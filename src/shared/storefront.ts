/**
 * What the storefront's customer pages and the public API say to each other
 * (`/v1/storefront/…`, no sign-in): a merchant's sale list, an order placed from a cart, and the
 * order as its receipt and tracking page show it.
 */

import type { PayMerchant } from './pay';

/**
 * Whether a sale list takes orders now: `open`; `not_started` before its start date; `ended`
 * after its end date; `inactive` when the merchant switched it off; `full_today` when it took its
 * most orders of the day (Kuwait time).
 */
export type SaleListState = 'open' | 'not_started' | 'ended' | 'inactive' | 'full_today';

export interface StoreProduct {
  id: number;
  title: string;
  title_ar: string | null;
  tagline: string | null;
  image: string | null;
  category_id: number | null;
  /** The list price, a KWD amount. */
  price: string;
  /** The price charged when the product is on sale, else null. */
  sale_price: string | null;
  /** Units a customer may buy now (what is not held for another customer's order). */
  available: number;
  /** The most units one order may hold, or null for no limit but the stock. */
  max_qty_per_order: number | null;
}

/** A category of a sale list's products. */
export interface StoreCategory {
  id: number;
  name: string;
  name_ar: string | null;
}

export interface StoreList {
  reference_no: string;
  name: string;
  type: 'store' | 'event' | 'donation';
  state: SaleListState;
  /** The Kuwait date it opens again, when closed for a while (`not_started`, `full_today`). */
  opens_on: string | null;
  discount_type: 'fixed' | 'percentage';
  discount_value: string | null;
  service_charge_type: 'fixed' | 'percentage';
  service_charge_value: string | null;
  start_date: string;
  end_date: string;
  merchant: PayMerchant;
  categories: StoreCategory[];
  products: StoreProduct[];
}

/** One line of a cart as the customer sends it: the product, how many, and the unit price they saw. */
export interface OrderLineRequest {
  product_id: number;
  qty: number;
  price?: string;
}

export interface OrderRequest {
  items: OrderLineRequest[];
  customer: { name: string; mobile: string; email?: string };
  language?: 'en' | 'ar';
}

/** Why an order could not be placed as asked, with what the product offers now. */
export interface OrderLineProblem {
  product_id: number;
  problem: 'sold_out' | 'not_enough' | 'price_changed' | 'over_limit' | 'not_in_list';
  available: number;
  price: string | null;
}

export type OrderStep = 'waiting' | 'in_process' | 'ready_to_ship' | 'shipped' | 'delivered' | 'rejected';

/** An order as its customer sees it: the receipt's and the tracking page's figures. */
export interface StoreOrder {
  reference_no: string;
  sale_list: { reference_no: string; name: string };
  merchant: PayMerchant;
  /** The customer's first name only, and the mobile's last digits: the reference is not a secret. */
  customer: { first_name: string; mobile_end: string };
  language: 'en' | 'ar';
  /** The lines as ordered: the product's title (and its Arabic title, when it has one) at that time. */
  items: { product_id: number; product: string; product_ar: string | null; qty: number; price: string }[];
  sub_total: string;
  discount: string;
  service_charge: string;
  grand_total: string;
  status: OrderStep;
  /** When the order reached each status so far, oldest first: `waiting` when it was placed. */
  steps: { status: OrderStep; at: string }[];
  /** Why the merchant rejected the order, when it is rejected and they said why; else null. */
  rejection_reason: string | null;
  payment_status: 'unpaid' | 'paid' | 'expired';
  /** Until when the stock is held for the order while unpaid. */
  reserved_until: string | null;
  created_at: string;
}

/** Minutes an unpaid order holds its stock. */
export const ORDER_HOLD_MINUTES = 15;

/**
 * Addresses of the storefront's customer pages (SPEC §2). `/sale/cart` and `/sale/checkout` are
 * pages of their own, not sale lists: list references never take those names.
 */
export const STORE_PAGES = {
  sale: '/sale/',
  cart: '/sale/cart',
  checkout: '/sale/checkout',
  product: '/saleproduct/',
  receipt: '/sale-receipt/',
  track: '/track-order/',
  stockCheckout: '/stock/checkout',
} as const;

/** The storefront addresses the customer pages answer: a list, a product of a list, an order's pages, the cart. */
export const STORE_PAGE_PATTERN =
  /^\/(sale\/[^/?#]+|saleproduct\/[^/?#]+\/\d+|sale-receipt\/[^/?#]+|track-order\/[^/?#]+|stock\/checkout)\/?(\?|#|$)/;
