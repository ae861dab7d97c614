import type { Language } from '../../shared/i18n';
import { DEFAULT_LANGUAGE } from '../../shared/i18n';
import type { PermissionMaps, Profile, Services } from './apiTypes';
import { SERVICE_FLAGS } from './apiTypes';

/**
 * The client's session state (SPEC §3): one slice per area, each with its initial value and the
 * fields that must not outlive the page (never written to storage). Lists and details whose shape
 * belongs to the screens that fill them are `unknown`; those screens narrow them.
 */

export type AlertType = 'success' | 'info' | 'warning' | 'error';

export interface GlobalState {
  language: Language;
  alert: { show: boolean; messages: string[]; type: AlertType };
  loader: { show: boolean; message: string };
  page_error_code: number | null;
  current_page: string;
  announcements: unknown[];
  home_announcement_modal: boolean;
  invoice_country_names: unknown[];
  business_types: unknown[];
  civil_id_number: string;
  passport_number: string;
  banner_image: string;
}

export interface MultiVendorLists {
  merchants: unknown[];
  merchant_details: unknown;
  banks: unknown[];
  country_codes: unknown[];
  business_categories: unknown[];
  mcc_types: unknown[];
  business_types: unknown[];
  sub_payment_list: unknown[];
  active_countries: unknown[];
  services: unknown[];
}

export interface AccountState {
  access_token: string | null;
  refresh_token: string | null;
  access_code: string | null;
  /** Secret: memory only. */
  secret_key: string | null;
  /** Secret: memory only. */
  iv_key: string | null;
  merchant_code: string | null;
  user_details: Profile | null;
  latest_transactions: unknown[];
  services: Services;
  permissions: PermissionMaps;
  page_reload: boolean;
  notification_icon: boolean;
  is_multi_vendor: boolean;
  multi_vendor: MultiVendorLists;
  city_list: unknown[];
  merchant_service_list: unknown[];
  merchant_payment_list: unknown[];
  is_stock_exchange_merchant: boolean;
  service_details: unknown;
  merchants_data: unknown;
  compliance_data: unknown;
  fetching: boolean;
}

export interface DashboardState {
  selected_service_id: number | string | null;
  transaction_details: unknown;
  transaction_modal: boolean;
  service_transactions: unknown[];
  refund_modal: boolean;
  incomplete_modal: boolean;
  incomplete_details: unknown;
}

export interface SalesState {
  categories: unknown[];
}

export interface CartState {
  items: unknown[];
  sale_id: number | string | null;
}

export interface RentalState {
  tenant_details_modal: boolean;
  unit_id: number | string | null;
  unit_tenants: unknown[];
  asset_id: number | string | null;
  expense_tab: string;
  asset_list_details: unknown[];
  unit_name: string;
  asset_name: string;
}

export type InvoiceTab = 'sms' | 'open' | 'bulk' | 'scheduled' | 'delivery' | 'subscription';

export interface InvoiceState {
  open_invoice_modal: boolean;
  single_invoice_modal: boolean;
  invoice_products: unknown[];
  active_tab: InvoiceTab | string;
  delivery_cities: unknown[];
  delivery_invoice: boolean;
  countries: unknown[];
  transaction_enquiry_modal: boolean;
  transaction_enquiry_details: unknown;
  sms_payments: unknown[];
  merchant_subscription: unknown;
  active_toggle: 'quick' | 'open' | string;
}

export interface SessionState {
  global: GlobalState;
  account: AccountState;
  dashboard: DashboardState;
  sales: SalesState;
  cart: CartState;
  rental: RentalState;
  invoice: InvoiceState;
}

export type SliceName = keyof SessionState;

const noServices = Object.fromEntries(SERVICE_FLAGS.map((flag) => [flag, false])) as Services;

const noPermissions: PermissionMaps = {
  general: [],
  sms: [],
  report: [],
  open_invoice: [],
  sales: [],
  rental: [],
  subscription: [],
};

/** Fresh initial state of every slice (a new object each call, so no slice shares a reference). */
export function initialSession(): SessionState {
  return {
    global: {
      language: DEFAULT_LANGUAGE,
      alert: { show: false, messages: [], type: 'warning' },
      loader: { show: false, message: '' },
      page_error_code: null,
      current_page: '',
      announcements: [],
      home_announcement_modal: false,
      invoice_country_names: [],
      business_types: [],
      civil_id_number: '',
      passport_number: '',
      banner_image: '',
    },
    account: {
      access_token: null,
      refresh_token: null,
      access_code: null,
      secret_key: null,
      iv_key: null,
      merchant_code: null,
      user_details: null,
      latest_transactions: [],
      services: { ...noServices },
      permissions: structuredClone(noPermissions),
      page_reload: false,
      notification_icon: false,
      is_multi_vendor: false,
      multi_vendor: {
        merchants: [],
        merchant_details: null,
        banks: [],
        country_codes: [],
        business_categories: [],
        mcc_types: [],
        business_types: [],
        sub_payment_list: [],
        active_countries: [],
        services: [],
      },
      city_list: [],
      merchant_service_list: [],
      merchant_payment_list: [],
      is_stock_exchange_merchant: false,
      service_details: null,
      merchants_data: null,
      compliance_data: null,
      fetching: false,
    },
    dashboard: {
      selected_service_id: null,
      transaction_details: null,
      transaction_modal: false,
      service_transactions: [],
      refund_modal: false,
      incomplete_modal: false,
      incomplete_details: null,
    },
    sales: { categories: [] },
    cart: { items: [], sale_id: null },
    rental: {
      tenant_details_modal: false,
      unit_id: null,
      unit_tenants: [],
      asset_id: null,
      expense_tab: 'expenselist',
      asset_list_details: [],
      unit_name: '',
      asset_name: '',
    },
    invoice: {
      open_invoice_modal: false,
      single_invoice_modal: false,
      invoice_products: [],
      active_tab: 'sms',
      delivery_cities: [],
      delivery_invoice: false,
      countries: [],
      transaction_enquiry_modal: false,
      transaction_enquiry_details: null,
      sms_payments: [],
      merchant_subscription: null,
      active_toggle: 'quick',
    },
  };
}

/**
 * Fields kept in memory only. The loader, the alert and `fetching` describe this page's work in
 * progress; the secret and IV keys would let anyone with the disk forge encrypted payloads, so
 * they are fetched from `/keys` again after a reload instead.
 */
export const TRANSIENT_FIELDS: { [slice in SliceName]?: readonly (keyof SessionState[slice])[] } = {
  global: ['loader', 'alert'],
  account: ['fetching', 'secret_key', 'iv_key'],
};

export const SLICE_NAMES = Object.keys(initialSession()) as SliceName[];

/** Storage key of a slice. Every key the session writes starts with this prefix. */
export const PERSIST_PREFIX = 'persist:';
export const storageKey = (slice: SliceName): string => `${PERSIST_PREFIX}${slice}`;
