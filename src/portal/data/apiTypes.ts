import type { Employee } from '../../generated';
import type { Services } from '../../shared/services';

/**
 * Shapes of the `/v1` account calls (login, keys, profile). Entity records are typed from the
 * generated schema types instead; only what no schema describes is written here.
 */

/** `POST /login` and `POST /token/refresh`. */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** `GET /keys`. `secret_key` and `iv_key` are secrets: memory only, never persisted. */
export interface MerchantKeys {
  access_code: string;
  secret_key: string;
  iv_key: string;
  merchant_code: string;
}

export { SERVICE_FLAGS, type ServiceFlag, type Services } from '../../shared/services';

/** An employee's permission maps, as the employee schema defines them (every map present). */
export type PermissionMaps = { [map in keyof Employee['permissions']]-?: NonNullable<Employee['permissions'][map]> };

export type Role = 'admin' | 'employee';

/** `GET /profile`. */
export interface Profile {
  id: number;
  name: string;
  email: string;
  role: Role;
  merchant: {
    id: number;
    code: string;
    name: string;
    name_ar: string;
    brand_name: string;
    logo: string | null;
    is_multi_vendor: boolean;
    /** The merchant's settings the forms consult (`x-confirmEmpty.when`), e.g. `ask_invoice_number`. */
    settings?: Record<string, boolean>;
  };
  services: Services;
  permissions: PermissionMaps;
}

/** Error body every `/v1` route answers with. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}
