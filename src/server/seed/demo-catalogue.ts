import type { Row } from '../db/database';

/** Demo categories and products of a Kuwaiti trading shop, named in English and Arabic. Prices in KWD. */

/** Product categories, by the English name products refer to them with. */
const PRODUCT_CATEGORIES: [string, string][] = [
  ['Dates', 'تمور'],
  ['Coffee', 'قهوة'],
  ['Perfume', 'عطور'],
  ['Sweets', 'حلويات'],
  ['Home', 'منزل'],
  ['Services', 'خدمات'],
];

/** Sales categories (how sales lists are grouped); the last one is switched off. */
const SALES_CATEGORIES: [string, string][] = [
  ['Ramadan offers', 'عروض رمضان'],
  ['Eid gifts', 'هدايا العيد'],
  ['Corporate orders', 'طلبات الشركات'],
  ['National Day', 'العيد الوطني'],
];

const PRODUCTS: [string, string, string, string, number][] = [
  ['Khalas Dates 1 kg', 'تمر خلاص ١ كغ', 'Dates', '3.750', 120],
  ['Sukkari Dates 1 kg', 'تمر سكري ١ كغ', 'Dates', '4.250', 80],
  ['Medjool Dates Gift Box', 'علبة هدايا تمر مجدول', 'Dates', '12.500', 25],
  ['Arabic Coffee 500 g', 'قهوة عربية ٥٠٠ غ', 'Coffee', '5.500', 60],
  ['Saffron Cardamom Blend', 'خلطة الهيل والزعفران', 'Coffee', '2.750', 90],
  ['Dallah Coffee Pot', 'دلة قهوة', 'Coffee', '9.900', 15],
  ['Oud Perfume 50 ml', 'عطر عود ٥٠ مل', 'Perfume', '24.000', 30],
  ['Bakhoor Incense Set', 'طقم بخور', 'Perfume', '7.250', 45],
  ['Rose Water 250 ml', 'ماء ورد ٢٥٠ مل', 'Perfume', '1.500', 200],
  ['Kunafa Tray', 'صينية كنافة', 'Sweets', '6.000', 20],
  ['Maamoul Assortment', 'معمول مشكل', 'Sweets', '4.800', 35],
  ['Baklava Box 1 kg', 'علبة بقلاوة ١ كغ', 'Sweets', '8.500', 18],
  ['Prayer Rug', 'سجادة صلاة', 'Home', '11.000', 12],
  ['Brass Lantern', 'فانوس نحاسي', 'Home', '15.750', 8],
  ['Gift Wrapping', 'تغليف هدايا', 'Services', '0.500', 0],
];

const minus = (price: string, fils: number) => {
  const [whole, fraction] = price.split('.');
  const value = Number(whole) * 1000 + Number(fraction) - fils;
  return `${Math.floor(value / 1000)}.${String(value % 1000).padStart(3, '0')}`;
};

/** Product categories then sales categories, as category records. */
export function demoCategories(): Row[] {
  return [
    ...PRODUCT_CATEGORIES.map(([name, name_ar]) => ({ name, name_ar, type: 'product', status: 'active' })),
    ...SALES_CATEGORIES.map(([name, name_ar], i) => ({
      name,
      name_ar,
      type: 'sales',
      status: i === SALES_CATEGORIES.length - 1 ? 'inactive' : 'active',
    })),
  ];
}

/**
 * The first `count` demo products, each in its product category.
 *
 * @param categoryIds ids of the product categories by English name
 */
export function demoProducts(categoryIds: ReadonlyMap<string, number>, count = PRODUCTS.length): Row[] {
  return PRODUCTS.slice(0, count).map(([title, title_ar, category, price, stock], i) => ({
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
