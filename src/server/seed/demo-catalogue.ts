import type { Category, Product } from '../../generated';
import type { EntityCreate } from '../../generated/entities';

/** Demo categories and products of a Kuwaiti trading shop, named in English and Arabic. Prices in KWD. */

type Named = Pick<Category, 'name' | 'name_ar'>;

/** Product categories, by the English name products refer to them with. */
const PRODUCT_CATEGORIES: Named[] = [
  { name: 'Dates', name_ar: 'تمور' },
  { name: 'Coffee', name_ar: 'قهوة' },
  { name: 'Perfume', name_ar: 'عطور' },
  { name: 'Sweets', name_ar: 'حلويات' },
  { name: 'Home', name_ar: 'منزل' },
  { name: 'Services', name_ar: 'خدمات' },
];

/** Sales categories (how sales lists are grouped); the last one is switched off. */
const SALES_CATEGORIES: Named[] = [
  { name: 'Ramadan offers', name_ar: 'عروض رمضان' },
  { name: 'Eid gifts', name_ar: 'هدايا العيد' },
  { name: 'Corporate orders', name_ar: 'طلبات الشركات' },
  { name: 'National Day', name_ar: 'العيد الوطني' },
];

/** The demo products, each with the English name of its product category. */
const PRODUCTS: (Pick<Product, 'title' | 'title_ar' | 'price' | 'stock'> & { category: string })[] = [
  { title: 'Khalas Dates 1 kg', title_ar: 'تمر خلاص ١ كغ', category: 'Dates', price: '3.750', stock: 120 },
  { title: 'Sukkari Dates 1 kg', title_ar: 'تمر سكري ١ كغ', category: 'Dates', price: '4.250', stock: 80 },
  { title: 'Medjool Dates Gift Box', title_ar: 'علبة هدايا تمر مجدول', category: 'Dates', price: '12.500', stock: 25 },
  { title: 'Arabic Coffee 500 g', title_ar: 'قهوة عربية ٥٠٠ غ', category: 'Coffee', price: '5.500', stock: 60 },
  { title: 'Saffron Cardamom Blend', title_ar: 'خلطة الهيل والزعفران', category: 'Coffee', price: '2.750', stock: 90 },
  { title: 'Dallah Coffee Pot', title_ar: 'دلة قهوة', category: 'Coffee', price: '9.900', stock: 15 },
  { title: 'Oud Perfume 50 ml', title_ar: 'عطر عود ٥٠ مل', category: 'Perfume', price: '24.000', stock: 30 },
  { title: 'Bakhoor Incense Set', title_ar: 'طقم بخور', category: 'Perfume', price: '7.250', stock: 45 },
  { title: 'Rose Water 250 ml', title_ar: 'ماء ورد ٢٥٠ مل', category: 'Perfume', price: '1.500', stock: 200 },
  { title: 'Kunafa Tray', title_ar: 'صينية كنافة', category: 'Sweets', price: '6.000', stock: 20 },
  { title: 'Maamoul Assortment', title_ar: 'معمول مشكل', category: 'Sweets', price: '4.800', stock: 35 },
  { title: 'Baklava Box 1 kg', title_ar: 'علبة بقلاوة ١ كغ', category: 'Sweets', price: '8.500', stock: 18 },
  { title: 'Prayer Rug', title_ar: 'سجادة صلاة', category: 'Home', price: '11.000', stock: 12 },
  { title: 'Brass Lantern', title_ar: 'فانوس نحاسي', category: 'Home', price: '15.750', stock: 8 },
  { title: 'Gift Wrapping', title_ar: 'تغليف هدايا', category: 'Services', price: '0.500', stock: 0 },
];

const minus = (price: string, fils: number) => {
  const [whole, fraction] = price.split('.');
  const value = Number(whole) * 1000 + Number(fraction) - fils;
  return `${Math.floor(value / 1000)}.${String(value % 1000).padStart(3, '0')}`;
};

/** Product categories then sales categories, as category records. */
export function demoCategories(): EntityCreate<'category'>[] {
  return [
    ...PRODUCT_CATEGORIES.map((category) => ({ ...category, type: 'product' as const, status: 'active' as const })),
    ...SALES_CATEGORIES.map((category, i) => ({
      ...category,
      type: 'sales' as const,
      status: i === SALES_CATEGORIES.length - 1 ? ('inactive' as const) : ('active' as const),
    })),
  ];
}

/**
 * The first `count` demo products, each in its product category.
 *
 * @param categoryIds ids of the product categories by English name
 */
export function demoProducts(
  categoryIds: ReadonlyMap<string, number>,
  count = PRODUCTS.length,
): EntityCreate<'product'>[] {
  return PRODUCTS.slice(0, count).map(({ title, title_ar, category, price, stock }, i) => ({
    title,
    title_ar,
    category_id: categoryIds.get(category),
    tagline: `${category} — Al Noor selection`,
    user_code: `SKU-${String(i + 1).padStart(3, '0')}`,
    bar_code: `62810000${String(1000 + i * 37).padStart(5, '0')}`,
    unit_cost: minus(price, 500),
    sale_cost: minus(price, 250),
    price,
    ...(i % 4 === 0 ? { sale_price: minus(price, 250) } : {}),
    stock,
    max_qty_per_order: 10,
  }));
}
