import { normaliseKwd } from '../../shared/money';
import type { Payable, PayRequest } from '../../shared/pay';
import type { PaymentValues } from './checks';

/** The `POST /v1/pay/{reference}` body for what the form holds (only what the link asks for). */
export function paymentRequest(payable: Payable, values: PaymentValues, continueInFlight: boolean): PayRequest {
  const request: PayRequest = { method: values.method };
  if (values.method === 'card') {
    const { number, expiry, cvv, holder } = values.card;
    request.card = { number: number.replace(/\s/g, ''), expiry: expiry.trim(), cvv: cvv.trim(), holder: holder.trim() };
  }
  if (payable.amount === null) request.amount = normaliseKwd(values.amount.trim());
  if (payable.kind === 'open') {
    const fields = Object.fromEntries(
      payable.fields
        .map((field) => [field.name, (values.fields[field.name] ?? '').trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    if (Object.keys(fields).length) request.fields = fields;
    const payer = Object.fromEntries(
      Object.entries(values.payer)
        .map(([name, value]) => [name, (value ?? '').trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    if (Object.keys(payer).length) request.payer = payer;
  }
  if (continueInFlight) request.continue_in_flight = true;
  return request;
}
