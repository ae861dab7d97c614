import { saleTotals, saleTotalsText, type SaleTotalsText } from '../../shared/sale-totals';
import type { StoreList, StoreProduct } from '../../shared/storefront';
import { toFils } from '../../shared/money';
import type { Cart, CartItem } from './cart';
import { mostPerOrder, unitPrice } from './names';

/**
 * The cart read against the sale list as it is now: each line with its product and what changed
 * since it was added (gone from the list, sold out, fewer left or over the most per order, another
 * price). The customer sees each change and accepts it before paying: nothing changes silently.
 */

export type LineChange = 'gone' | 'sold_out' | 'fewer' | 'price';

export interface CartLine {
  item: CartItem;
  product: StoreProduct | null;
  /** The price charged now (the product's), or the price seen when the product is gone. */
  price: string;
  /** The most units this line may hold now. */
  most: number;
  change: LineChange | null;
}

export function cartLines(cart: Cart, list: StoreList): CartLine[] {
  const products = new Map(list.products.map((product) => [product.id, product]));
  return cart.items.map((item) => {
    const product = products.get(item.product_id) ?? null;
    if (!product) return { item, product, price: item.price, most: 0, change: 'gone' };
    const price = unitPrice(product);
    const most = mostPerOrder(product);
    const change: LineChange | null =
      product.available === 0
        ? 'sold_out'
        : item.qty > most
          ? 'fewer'
          : toFils(price) !== toFils(item.price)
            ? 'price'
            : null;
    return { item, product, price, most, change };
  });
}

/** The cart with every change accepted: lines gone or sold out removed, quantities cut, prices as now. */
export function acceptChanges(cart: Cart, lines: readonly CartLine[]): Cart {
  const items = lines
    .filter((line) => line.product && line.most > 0)
    .map((line) => ({ ...line.item, qty: Math.min(line.item.qty, line.most), price: line.price }));
  return { ...cart, items };
}

/** What the lines that can be ordered come to, at the prices of now. */
export function linesTotals(lines: readonly CartLine[], list: StoreList): SaleTotalsText {
  const orderable = lines
    .filter((line) => line.product && line.most > 0)
    .map((line) => ({ price: line.price, qty: Math.min(line.item.qty, line.most) }));
  return saleTotalsText(saleTotals(orderable, list));
}
