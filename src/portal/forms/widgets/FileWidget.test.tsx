// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../../../locales/ar.json';
import en from '../../../../locales/en.json';
import { png } from '../../../../tests/support/images';
import { entitySchemas } from '../../../schema/registry';
import { translate as lookup, type Catalogue } from '../../../shared/i18n';
import { SchemaForm } from '../SchemaForm';
import type { Translate } from '../translate';

/**
 * The product image field refuses, as soon as it is chosen, a file the API would refuse: more than
 * 400 × 160 pixels or more than 1 MB (SPEC §5), with the API's message in the user's language.
 */

const translator =
  (catalogue: unknown): Translate =>
  (key, options) =>
    lookup(catalogue as Catalogue, key, options);

// jsdom's Blob has no arrayBuffer() (every browser has); its FileReader reads the same bytes.
beforeAll(() => {
  Blob.prototype.arrayBuffer ??= function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
});
afterEach(cleanup);

function renderProductForm(translate: Translate) {
  let submitted: Record<string, unknown> | undefined;
  render(
    <SchemaForm
      entity={entitySchemas.product}
      operation="create"
      translate={translate}
      onSubmit={(data) => {
        submitted = data;
      }}
    >
      <button type="submit">Save</button>
    </SchemaForm>,
  );
  const input = document.getElementById('root_image') as HTMLInputElement;
  const choose = (bytes: Buffer, name = 'banner.png') =>
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(bytes)], name, { type: 'image/png' })] } });
  return { input, choose, submitted: () => submitted };
}

describe('the image field', () => {
  it('refuses an image larger than 400 × 160 pixels and keeps no file', async () => {
    const { input, choose } = renderProductForm(translator(en));
    choose(png(401, 160));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The image must be at most 400 × 160 pixels');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });

  it('says so in Arabic', async () => {
    const { choose } = renderProductForm(translator(ar));
    choose(png(400, 161));
    expect((await screen.findByRole('alert')).textContent).toBe('يجب ألا تتجاوز أبعاد الصورة 400 × 160 بكسل');
  });

  it('refuses a file over 1 MB', async () => {
    const { choose } = renderProductForm(translator(en));
    choose(Buffer.concat([png(10, 10), Buffer.alloc(1024 * 1024)]));
    expect((await screen.findByRole('alert')).textContent).toBe('The file must be smaller than 1 MB');
  });

  it('keeps an image that fits', async () => {
    const { choose } = renderProductForm(translator(en));
    choose(png(400, 160), 'fits.png');
    await waitFor(() => expect(screen.getByText('fits.png')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
