import { PAYER_PAGES } from '../../shared/pay';

/** Addresses of the payer pages for a reference. */
export const pathTo = {
  pay: (reference: string) => PAYER_PAGES.sms + encodeURIComponent(reference),
  parts: (reference: string) => PAYER_PAGES.parts + encodeURIComponent(reference),
  receipt: (reference: string) => PAYER_PAGES.receipt + encodeURIComponent(reference),
  tenant: (token: string) => PAYER_PAGES.tenant + encodeURIComponent(token),
  tenantReceipt: (token: string) => PAYER_PAGES.tenantReceipt + encodeURIComponent(token),
};
