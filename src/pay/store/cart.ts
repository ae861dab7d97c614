import { useEffect, useState } from 'preact/hooks';

/**
 * The customer's cart: the `cart` slice of the session (SPEC §3: cart items and the cart's sale
 * list), kept in `localStorage` under `persist:cart` as the portal keeps its slices, so it survives
 * a reload and is shared by the tabs of the browser. A cart holds the products of one sale list.
 */

export interface CartItem {
  product_id: number;
  qty: number;
  /** The unit price the customer saw when adding it: the server checks it again at checkout. */
  price: string;
}

export interface Cart {
  items: CartItem[];
  /** Reference of the sale list the items come from, or null for an empty cart. */
  sale_id: string | null;
}

export const CART_KEY = 'persist:cart';
const CHANGED = 'pay:cart';

export const EMPTY_CART: Cart = { items: [], sale_id: null };

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage refused (a private mode): the cart lives as long as the page.
    return null;
  }
}

/** The page's own copy, used where storage is refused. */
let memory: Cart = EMPTY_CART;

const isItem = (value: unknown): value is CartItem => {
  const item = value as Partial<CartItem> | null;
  return (
    !!item &&
    Number.isInteger(item.product_id) &&
    Number.isInteger(item.qty) &&
    (item.qty ?? 0) > 0 &&
    typeof item.price === 'string'
  );
};

/** Reads the stored cart; a missing or damaged one is an empty cart. */
export function readCart(): Cart {
  const store = storage();
  if (!store) return memory;
  try {
    const parsed = JSON.parse(store.getItem(CART_KEY) ?? 'null') as Partial<Cart> | null;
    const items = Array.isArray(parsed?.items) ? parsed.items.filter(isItem) : [];
    const saleId = typeof parsed?.sale_id === 'string' && items.length > 0 ? parsed.sale_id : null;
    return saleId ? { items, sale_id: saleId } : EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

/** Stores `cart` (an empty one removes the key) and tells this tab's pages. */
export function writeCart(cart: Cart): void {
  const next = cart.items.length > 0 && cart.sale_id ? cart : EMPTY_CART;
  memory = next;
  const store = storage();
  try {
    if (next === EMPTY_CART) store?.removeItem(CART_KEY);
    else store?.setItem(CART_KEY, JSON.stringify(next));
  } catch {
    // A full storage keeps the cart for this page only.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** How many units the cart holds. */
export const unitsIn = (cart: Cart): number => cart.items.reduce((sum, item) => sum + item.qty, 0);

/** The cart with `qty` units of a product of list `saleId` (0 removes it); a cart of another list is replaced. */
export function withQuantity(cart: Cart, saleId: string, item: CartItem): Cart {
  const items = cart.sale_id === saleId ? cart.items.filter((line) => line.product_id !== item.product_id) : [];
  const index = cart.sale_id === saleId ? cart.items.findIndex((line) => line.product_id === item.product_id) : -1;
  if (item.qty > 0) items.splice(index < 0 ? items.length : index, 0, item);
  return { items, sale_id: saleId };
}

/** The cart, following changes made by this page, other pages of this tab and other tabs. */
export function useCart(): Cart {
  const [cart, setCart] = useState(readCart);
  useEffect(() => {
    const update = () => setCart(readCart());
    const fromOtherTab = (event: StorageEvent) => {
      if (event.key === CART_KEY || event.key === null) update();
    };
    window.addEventListener(CHANGED, update);
    window.addEventListener('storage', fromOtherTab);
    return () => {
      window.removeEventListener(CHANGED, update);
      window.removeEventListener('storage', fromOtherTab);
    };
  }, []);
  return cart;
}
