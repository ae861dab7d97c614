// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { entitySchemas } from '../../schema/registry';
import type { MerchantSettings } from '../../schema/confirmEmpty';
import { translate as lookup, type Catalogue } from '../../shared/i18n';
import { SchemaForm } from './SchemaForm';
import type { Translate } from './translate';

/**
 * SPEC §5 "Sending an invoice without an invoice number asks for confirmation", where the merchant
 * asks for it: the invoice's `x-confirmEmpty` names the merchant setting `ask_invoice_number`.
 */

const english: Translate = (key, options) => lookup(en as Catalogue, key, options);
const question = 'This invoice has no invoice number. Send it anyway?';
const quickInvoice = { kind: 'quick', customer_name: 'Ali', mobile: '96550001234', amount: '5.000' };

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(cleanup);

function renderInvoiceForm(onSubmit: () => void, settings?: MerchantSettings, record: object = quickInvoice) {
  render(
    <SchemaForm
      entity={entitySchemas.invoice}
      operation="create"
      record={{ ...record }}
      onSubmit={onSubmit}
      translate={english}
      settings={settings}
    >
      <button type="submit">Save</button>
    </SchemaForm>,
  );
}

describe('an invoice saved without an invoice number', () => {
  it('asks "Send it anyway?" when the merchant asks for invoice numbers, and sends once confirmed', async () => {
    const onSubmit = vi.fn();
    renderInvoiceForm(onSubmit, { ask_invoice_number: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(question);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: /confirm$/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });

  it('is sent without a question when the setting is off or unknown', async () => {
    for (const settings of [{ ask_invoice_number: false }, undefined]) {
      const onSubmit = vi.fn();
      renderInvoiceForm(onSubmit, settings);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
      expect(screen.queryByText(question)).toBeNull();
      cleanup();
    }
  });

  it('is not questioned when it has a number, whatever the setting', async () => {
    const onSubmit = vi.fn();
    renderInvoiceForm(onSubmit, { ask_invoice_number: true }, { ...quickInvoice, invoice_number: 'INV-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(screen.queryByText(question)).toBeNull();
  });
});
