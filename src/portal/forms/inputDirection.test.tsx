// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '../../../locales/ar.json';
import { entitySchemas } from '../../schema/registry';
import { translate as lookup, type Catalogue } from '../../shared/i18n';
import { SchemaForm } from './SchemaForm';
import type { Translate } from './translate';

/**
 * In the Arabic form, e-mail and web addresses are typed and read left to right; their boxes say
 * so, while ordinary text boxes follow what is typed in them (a Latin company name stays in order).
 */

const arabic: Translate = (key, options) => lookup(ar as Catalogue, key, options);

function renderForm(entity: string) {
  return render(
    <SchemaForm entity={entitySchemas[entity]} operation="create" onSubmit={() => undefined} translate={arabic} />,
  );
}

afterEach(cleanup);

describe('input direction', () => {
  it('keeps e-mail addresses left to right and names in the direction of their text', () => {
    const { container } = renderForm('employee');
    const email = container.querySelector('input[type="email"]');
    expect(email?.getAttribute('dir')).toBe('ltr');
    const name = screen.getAllByRole('textbox').find((input) => input.getAttribute('type') === 'text');
    expect(name).toBeDefined();
    expect(name?.getAttribute('dir')).toBe('auto');
  });

  it('keeps web addresses left to right', () => {
    const { container } = renderForm('notification_setting');
    const url = container.querySelector('input[type="url"]');
    expect(url).not.toBeNull();
    expect(url?.getAttribute('dir')).toBe('ltr');
  });

  it('keeps lists of e-mail addresses left to right', () => {
    const { container } = renderForm('notification_setting');
    const list = container.querySelector('#root_payment_notification_emails');
    expect(list?.getAttribute('dir')).toBe('ltr');
  });
});
