// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { entitySchemas } from '../../schema/registry';
import { translate as lookup, type Catalogue } from '../../shared/i18n';
import type { FieldErrors } from '../data/fieldErrors';
import { SchemaForm } from './SchemaForm';
import type { Translate } from './translate';

/**
 * What a screen reader announces on the schema forms: each input's error is its accessible
 * description, and each checkbox list is a group named by its field, so the many "Create", "View"
 * and "E-mail" options of the employee's permissions can be told apart.
 */

const english: Translate = (key, options) => lookup(en as Catalogue, key, options);
const SUBMIT = 'Save';

/** The form as a screen shows it; server errors arrive later, as they do after a save. */
function renderForm(entity: string, serverErrors?: FieldErrors, record?: Record<string, unknown>) {
  const form = (errors?: FieldErrors) => (
    <SchemaForm
      entity={entitySchemas[entity]}
      operation="create"
      record={record}
      onSubmit={() => undefined}
      serverErrors={errors}
      translate={english}
    >
      <button type="submit">{SUBMIT}</button>
    </SchemaForm>
  );
  const view = render(form());
  if (serverErrors) view.rerender(form(serverErrors));
  return view;
}

/** The text of the elements `aria-describedby` points at, as assistive technology reads it. */
function descriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** The input or textarea a label names, as a person reads it (a required field's label may end with "*"). */
const inputLabelled = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}(\\s*\\*)?$`), { selector: 'input, textarea' });

// jsdom lays nothing out; the form scrolls the first refused field into view.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(cleanup);

describe('schema form accessibility', () => {
  it('describes the E-mail input by the server error under it and marks it invalid', () => {
    renderForm('employee', { email: 'This value is already in use' });
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    expect(email.id).toBe('root_email');
    expect(descriptionOf(email)).toContain('This value is already in use');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // The wrapper no longer carries the description meant for the input.
    expect(email.closest('.MuiTextField-root')?.hasAttribute('aria-describedby')).toBe(false);
  });

  it('leaves valid inputs undescribed by errors and not invalid', () => {
    renderForm('employee');
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(descriptionOf(name)).toBe('');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(name.getAttribute('aria-describedby')).toContain('root_name__error');
  });

  it.each([
    ['invoice', 'Title', { title: 'Too long' }],
    ['invoice', 'E-mail', { email: 'Not an address' }],
    ['invoice', 'Amount', { amount: 'Enter valid amount' }],
    ['invoice', 'Description', { description: 'Too long' }],
    ['invoice', 'Expiry date', { expiry_date: 'Not a date' }],
    ['invoice', 'Split into parts', { split_parts: 'Too many' }, { kind: 'split' }],
    ['employee', 'Password', { password: 'Too weak' }],
    ['product', 'Image', { image: 'Not an image' }],
  ])('links the %s %s input to its error', (entity, label, errors, record?: Record<string, unknown>) => {
    renderForm(entity, errors, record);
    const input = inputLabelled(label);
    expect(descriptionOf(input)).toBe(Object.values(errors)[0]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it("describes the money input by the form's own error after submit", () => {
    renderForm('invoice');
    const amount = screen.getByRole('textbox', { name: /^Amount/ });
    fireEvent.change(amount, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(descriptionOf(amount)).toBe('Enter valid amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    // Still the money widget: decimal keypad, digits left to right, required.
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(amount.getAttribute('dir')).toBe('ltr');
    expect((amount as HTMLInputElement).required).toBe(true);
  });

  it("keeps each input's own settings: widget, uiSchema hint, schema range", () => {
    renderForm('employee');
    const password = inputLabelled('Password');
    expect([password.getAttribute('type'), password.getAttribute('autocomplete'), password.dir]).toEqual([
      'password',
      'new-password',
      'ltr',
    ]);
    expect(screen.getByRole('textbox', { name: /E-mail/ }).getAttribute('autocomplete')).toBe('email');
    cleanup();

    // The parts count applies to split invoices only (`x-when`).
    renderForm('invoice', undefined, { kind: 'split' });
    // A date is typed day/month/year whatever the browser's locale, digits left to right.
    const expiry = inputLabelled('Expiry date');
    expect([expiry.getAttribute('placeholder'), expiry.dir]).toEqual(['dd/mm/yyyy', 'ltr']);
    expect(inputLabelled('Description').tagName).toBe('TEXTAREA');
    const parts = screen.getByRole('spinbutton', { name: /Split into parts/ });
    expect([parts.getAttribute('step'), parts.getAttribute('min'), parts.getAttribute('max')]).toEqual([
      '1',
      '1',
      '12',
    ]);
    cleanup();

    renderForm('product');
    expect(inputLabelled('Arabic title').dir).toBe('rtl');
  });

  it('names each permission list a group, so repeated options are told apart', () => {
    renderForm('employee');
    const sms = screen.getByRole('group', { name: 'SMS' });
    expect(within(sms).getAllByRole('checkbox', { name: 'E-mail' })).toHaveLength(1);
    const groups = ['General', 'SMS', 'Reports', 'Open invoice', 'Sales', 'Rental', 'Subscription'];
    for (const name of groups) expect(screen.getAllByRole('group', { name })).toHaveLength(1);
    expect(within(screen.getByRole('group', { name: 'Subscription' })).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getAllByRole('checkbox', { name: 'Create' })).toHaveLength(2);
  });

  it('names the permissions a group and links the "at least one" error to it', () => {
    renderForm('employee');
    const permissions = screen.getByRole('group', { name: 'Permissions' });
    expect(within(permissions).getAllByRole('group')).toHaveLength(7);
    expect(descriptionOf(permissions)).toBe('');

    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(descriptionOf(screen.getByRole('group', { name: 'Permissions' }))).toBe(
      'At least one permission must be selected',
    );
  });

  it("describes a permission list and its boxes by the server's error for that list", () => {
    renderForm('employee', { permissions: { general: 'Select at least 1' } });
    const general = screen.getByRole('group', { name: 'General' });
    expect(descriptionOf(general)).toBe('Select at least 1');
    expect(descriptionOf(within(general).getByRole('checkbox', { name: 'Invoices' }))).toBe('Select at least 1');
    expect(descriptionOf(screen.getByRole('group', { name: 'SMS' }))).toBe('');
  });

  it('names the invoice payment methods a group too', () => {
    renderForm('invoice');
    const methods = screen.getByRole('group', { name: 'Payment methods' });
    expect(within(methods).getByRole('checkbox', { name: 'Card' })).toHaveProperty('checked', true);
  });
});
