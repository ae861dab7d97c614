/**
 * JSON schemas of the storefront API, the shapes of `src/shared/storefront.ts`: Fastify checks
 * requests and serialises answers with them, and the OpenAPI document names them by `$id`.
 */

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const ADJUSTMENTS = ['fixed', 'percentage'];
const ORDER_STEPS = ['waiting', 'in_process', 'ready_to_ship', 'shipped', 'delivered', 'rejected'];

const storeProduct = {
  $id: 'store-product',
  type: 'object',
  required: [
    'id',
    'title',
    'title_ar',
    'tagline',
    'image',
    'category_id',
    'price',
    'sale_price',
    'available',
    'max_qty_per_order',
  ],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    title_ar: nullable('string'),
    tagline: nullable('string'),
    image: nullable('string'),
    category_id: nullable('integer'),
    price: { type: 'string', format: 'kwd' },
    sale_price: nullable('string', { format: 'kwd' }),
    available: { type: 'integer', description: 'Units a customer may buy now' },
    max_qty_per_order: nullable('integer'),
  },
};

const storeList = {
  $id: 'store-list',
  type: 'object',
  required: [
    'reference_no',
    'name',
    'type',
    'state',
    'opens_on',
    'discount_type',
    'discount_value',
    'service_charge_type',
    'service_charge_value',
    'start_date',
    'end_date',
    'merchant',
    'categories',
    'products',
  ],
  properties: {
    reference_no: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: ['store', 'event', 'donation'] },
    state: { type: 'string', enum: ['open', 'not_started', 'ended', 'inactive', 'full_today'] },
    opens_on: nullable('string', { format: 'date' }),
    discount_type: { type: 'string', enum: ADJUSTMENTS },
    discount_value: nullable('string'),
    service_charge_type: { type: 'string', enum: ADJUSTMENTS },
    service_charge_value: nullable('string'),
    start_date: { type: 'string', format: 'date' },
    end_date: { type: 'string', format: 'date' },
    merchant: { $ref: 'pay-merchant#' },
    categories: {
      type: 'array',
      description: "The categories of the list's products, for a category filter",
      items: {
        type: 'object',
        required: ['id', 'name', 'name_ar'],
        properties: { id: { type: 'integer' }, name: { type: 'string' }, name_ar: nullable('string') },
      },
    },
    products: { type: 'array', items: { $ref: 'store-product#' } },
  },
};

const orderRequest = {
  $id: 'order-request',
  type: 'object',
  required: ['items', 'customer'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      'x-messages': { minItems: 'validation.product_required' },
      items: {
        type: 'object',
        required: ['product_id', 'qty'],
        additionalProperties: false,
        properties: {
          product_id: { type: 'integer', minimum: 1 },
          qty: { type: 'integer', minimum: 1, maximum: 10000 },
          price: { type: 'string', format: 'kwd', description: 'The unit price the customer saw' },
        },
      },
    },
    customer: {
      type: 'object',
      required: ['name', 'mobile'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
        mobile: { type: 'string', format: 'mobile' },
        email: { type: 'string', format: 'email', maxLength: 254 },
      },
    },
    language: { type: 'string', enum: ['en', 'ar'] },
  },
};

const storeOrder = {
  $id: 'store-order',
  type: 'object',
  required: [
    'reference_no',
    'sale_list',
    'merchant',
    'customer',
    'language',
    'items',
    'sub_total',
    'discount',
    'service_charge',
    'grand_total',
    'status',
    'steps',
    'rejection_reason',
    'payment_status',
    'reserved_until',
    'created_at',
  ],
  properties: {
    reference_no: { type: 'string' },
    sale_list: {
      type: 'object',
      required: ['reference_no', 'name'],
      properties: { reference_no: { type: 'string' }, name: { type: 'string' } },
    },
    merchant: { $ref: 'pay-merchant#' },
    customer: {
      type: 'object',
      required: ['first_name', 'mobile_end'],
      properties: { first_name: { type: 'string' }, mobile_end: { type: 'string' } },
    },
    language: { type: 'string', enum: ['en', 'ar'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_id', 'product', 'product_ar', 'qty', 'price'],
        properties: {
          product_id: { type: 'integer' },
          product: { type: 'string' },
          product_ar: nullable('string', { description: "The product's Arabic title when it has one" }),
          qty: { type: 'integer' },
          price: { type: 'string', format: 'kwd' },
        },
      },
    },
    sub_total: { type: 'string', format: 'kwd' },
    discount: { type: 'string', format: 'kwd' },
    service_charge: { type: 'string', format: 'kwd' },
    grand_total: { type: 'string', format: 'kwd' },
    status: { type: 'string', enum: ORDER_STEPS },
    steps: {
      type: 'array',
      description: 'When the order reached each status so far, oldest first: `waiting` when it was placed',
      items: {
        type: 'object',
        required: ['status', 'at'],
        properties: { status: { type: 'string', enum: ORDER_STEPS }, at: { type: 'string', format: 'date-time' } },
      },
    },
    rejection_reason: nullable('string', { description: 'Why the merchant rejected the order, when they said' }),
    payment_status: { type: 'string', enum: ['unpaid', 'paid', 'expired'] },
    reserved_until: nullable('string', { format: 'date-time' }),
    created_at: { type: 'string', format: 'date-time' },
  },
};

/** Schemas of the storefront API, registered once by `$id`. */
export const storefrontSchemas = [storeProduct, storeList, orderRequest, storeOrder];
