import type { Product } from '../generated';
import type { Tone } from '../schema/tones';

/**
 * The stock listing as the API answers it (`GET /v1/sales/stock-listing`), shared by the server's
 * route and the portal's screen: per product of the merchant, the units it has left, the units
 * unpaid orders hold while their hold runs, and the units paid orders took (a rejected order's
 * not counted), all counted from the orders when asked.
 */

export const STOCK_LISTING_ENDPOINT = '/sales/stock-listing';

/** How a product's stock stands: none left, at or below its `low_stock_at`, or above it. */
export const STOCK_LEVELS = ['out', 'low', 'ok'] as const;

export type StockLevel = (typeof STOCK_LEVELS)[number];

/** The levels a row is marked with, and the tone of each mark, by what it means to the merchant. */
export const STOCK_MARKS: Readonly<Partial<Record<StockLevel, Tone>>> = { out: 'error', low: 'warning' };

/** The counts of a product the listing adds to its record, counted from the orders. */
export const STOCK_FIGURES = ['reserved', 'sold'] as const;

/** What the listing may be sorted by: the product's columns it shows, and its counts. */
export const STOCK_SORTS = ['stock', 'reserved', 'sold', 'low_stock_at', 'title', 'title_ar', 'id'] as const;

export type StockSort = (typeof STOCK_SORTS)[number];

/** Fewest units left first: what needs restocking tops the list. */
export const STOCK_DEFAULT_SORT: readonly [StockSort, 'ASC' | 'DESC'] = ['stock', 'ASC'];

/** One product of the listing: what its page is called by, its picture and its counts. */
export type StockRow = Required<Pick<Product, 'id' | 'title' | 'title_ar' | 'stock' | 'low_stock_at'>> &
  Pick<Product, 'image'> & { [figure in (typeof STOCK_FIGURES)[number]]: number } & { level: StockLevel };
