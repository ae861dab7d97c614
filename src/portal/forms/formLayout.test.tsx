// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { entitySchemas } from '../../schema/registry';
import { translate as lookup, type Catalogue } from '../../shared/i18n';
import { SchemaForm } from './SchemaForm';
import type { Translate } from './translate';

/**
 * How a schema form is laid out: the sections of `x-resource.layout` as titled regions, fields in
 * a grid of one or two columns, an array of records as labelled cards, and fields that do not
 * apply (`x-when`) disabled or hidden.
 */

/** The catalogue's text, its first plural form for one (`smart_count: 1`), as react-admin's polyglot picks. */
const translator =
  (catalogue: Catalogue): Translate =>
  (key, options) => {
    const text = lookup(catalogue, key, options);
    return options?.smart_count === 1 ? text.split(' |||| ')[0] : text;
  };

/** Rendering the merchant's whole form takes a while in jsdom. */
const SLOW = 30_000;

function renderForm(
  entity: string,
  options: { record?: Record<string, unknown>; translate?: Translate; operation?: 'create' | 'update' } = {},
) {
  return render(
    <SchemaForm
      entity={entitySchemas[entity]}
      operation={options.operation ?? 'create'}
      record={options.record}
      onSubmit={() => undefined}
      translate={options.translate ?? translator(en as Catalogue)}
      locked={entity === 'merchant' ? ['active'] : undefined}
    />,
  );
}

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(cleanup);

describe('form layout', () => {
  it(
    "shows the merchant's fields in the schema's titled sections, Details first",
    () => {
      const { container } = renderForm('merchant', { operation: 'update', record: { name: 'Gulf', active: true } });
      const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
      expect(titles).toEqual([
        'Details',
        'Company',
        'Contact',
        'Payment',
        'Bank account',
        'Online presence',
        'Integration',
        'Message templates',
      ]);
      const bank = screen.getByRole('region', { name: 'Bank account' });
      expect(within(bank).getByRole('textbox', { name: /IBAN/ })).toBeTruthy();
      expect(container.querySelectorAll('section[data-section]')).toHaveLength(titles.length);
    },
    SLOW,
  );

  it(
    'lays a section out in two columns on a desktop and one on a phone, long text across both',
    () => {
      const { container } = renderForm('merchant', { operation: 'update', record: { name: 'Gulf' } });
      const cellOf = (input: HTMLElement) => input.closest('.MuiGrid-root:not(.MuiGrid-container)') as HTMLElement;
      const iban = cellOf(screen.getByRole('textbox', { name: /IBAN/ }));
      const receipt = cellOf(container.querySelector('textarea[id="root_receipt_template"]') as HTMLElement);
      // MUI's Grid sizes by class per breakpoint: 12 of 12 on a phone, 6 (half) or 12 from md up.
      expect(iban.className).toMatch(/grid-xs-12/);
      expect(iban.className).toMatch(/grid-md-6/);
      expect(receipt.className).toMatch(/grid-md-12/);
    },
    SLOW,
  );

  it(
    "shows the merchant's own Active flag as a switch it cannot turn off",
    () => {
      renderForm('merchant', { operation: 'update', record: { name: 'Gulf', active: true } });
      const active = screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement;
      expect(active.checked).toBe(true);
      expect(active.disabled).toBe(true);
      expect((screen.getByRole('switch', { name: /Show terms/ }) as HTMLInputElement).disabled).toBe(false);
    },
    SLOW,
  );

  it(
    "labels the asset's unit buttons and cards in both languages",
    () => {
      renderForm('asset');
      fireEvent.click(screen.getByRole('button', { name: 'Add unit' }));
      fireEvent.click(screen.getByRole('button', { name: 'Add unit' }));
      const second = screen.getByRole('group', { name: 'Unit 2' });
      expect(within(second).getByRole('button', { name: 'Remove unit 2' }).textContent).toBe('Remove unit');
      const cards = () => screen.getAllByRole('group', { name: /^Unit \d+$/ }).length;
      const before = cards();
      fireEvent.click(within(second).getByRole('button', { name: 'Remove unit 2' }));
      expect(cards()).toBe(before - 1);
      cleanup();

      renderForm('asset', { translate: translator(ar as Catalogue) });
      fireEvent.click(screen.getByRole('button', { name: 'إضافة وحدة' }));
      expect(screen.getByRole('group', { name: 'وحدة 1' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'حذف وحدة 1' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'disables the discount amount while the discount is off, in a unit card too',
    () => {
      renderForm('unit', { record: { discount_status: false } });
      const amount = () => screen.getByRole('textbox', { name: /Discount amount/ }) as HTMLInputElement;
      expect(amount().disabled).toBe(true);
      fireEvent.click(screen.getByRole('switch', { name: /^Discount$/ }));
      expect(amount().disabled).toBe(false);
      cleanup();

      renderForm('asset');
      fireEvent.click(screen.getByRole('button', { name: 'Add unit' }));
      const card = screen.getByRole('group', { name: 'Unit 1' });
      const inCard = () => within(card).getByRole('textbox', { name: /Discount amount/ }) as HTMLInputElement;
      expect(inCard().disabled).toBe(true);
      fireEvent.click(within(card).getByRole('switch', { name: /^Discount$/ }));
      expect(inCard().disabled).toBe(false);
    },
    SLOW,
  );

  it(
    'still hides a field that does not apply when it does not ask to be disabled',
    () => {
      renderForm('invoice', { record: { kind: 'quick' } });
      expect(screen.queryByRole('spinbutton', { name: /Split into parts/ })).toBeNull();
    },
    SLOW,
  );
});
