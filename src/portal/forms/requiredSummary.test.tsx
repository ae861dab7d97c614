// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { entitySchemas } from '../../schema/registry';
import { translate as lookup, type Catalogue } from '../../shared/i18n';
import { SchemaForm } from './SchemaForm';
import type { Translate } from './translate';

/**
 * SPEC §8 "Please fill all the required fields": a save with a required field left empty says so
 * above the buttons, besides the message under each field, and sends nothing.
 */

const english: Translate = (key, options) => lookup(en as Catalogue, key, options);

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(cleanup);

function renderInvoiceForm(onSubmit: () => void) {
  render(
    <SchemaForm entity={entitySchemas.invoice} operation="create" onSubmit={onSubmit} translate={english}>
      <button type="submit">Save</button>
    </SchemaForm>,
  );
}

describe('a form saved with required fields left empty', () => {
  it('shows "Please fill all the required fields" and does not submit', async () => {
    const onSubmit = vi.fn();
    renderInvoiceForm(onSubmit);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill all the required fields');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not show the summary for a rule other than a missing field', async () => {
    renderInvoiceForm(vi.fn());
    fireEvent.change(screen.getByLabelText(/^Customer name( \*)?$/, { selector: 'input' }), {
      target: { value: 'Ali' },
    });
    fireEvent.change(screen.getByLabelText(/^Mobile( \*)?$/, { selector: 'input' }), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText(/^Amount( \*)?$/, { selector: 'input' }), { target: { value: '5.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findAllByText(/11 digits/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
