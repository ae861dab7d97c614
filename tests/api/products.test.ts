import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { multipart, PNG } from './helpers/files';
import { DRIVERS, startServer, type TestServer } from './helpers/server';
import { png } from '../support/images';

const saffron = {
  title: 'Saffron 5 g',
  title_ar: 'زعفران ٥ غ',
  price: '3.250',
  bar_code: 'SAF-005',
};

describe.each(DRIVERS)('products: files and the /products/ endpoint (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  /** The demo product category "Dates" and a test product in the category "Coffee". */
  let datesId: number;
  let product: typeof saffron & { category_id: number };
  const uploadsDir = mkdtempSync(join(tmpdir(), 'bawaba-test-uploads-'));
  const stored = () => readdirSync(uploadsDir);

  beforeAll(async () => {
    server = await startServer(driver, { uploadsDir });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    const categories = (await merchant.list('/v1/categories', { filter: { type: 'product' } })).json();
    const idOf = (name: string) => categories.find((category: { name: string }) => category.name === name).id;
    datesId = idOf('Dates');
    product = { ...saffron, category_id: idOf('Coffee') };
  });
  afterAll(async () => {
    await server?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const upload = (
    method: 'POST' | 'PUT',
    url: string,
    parts: Parameters<typeof multipart>[0],
    locale: 'en' | 'ar' = 'en',
  ) => {
    const { body, contentType } = multipart(parts);
    return merchant.request(method, url, { body, headers: { 'content-type': contentType }, locale });
  };

  it('serves the demo catalogue at the endpoint SPEC names, with its trailing slash', async () => {
    const response = await merchant.list('/v1/products/', { range: [0, 4], sort: ['title', 'ASC'] });
    expect(response.statusCode).toBe(200);
    expect(totalOf(response)).toBe(15);
    expect(response.headers['content-range']).toBe('product 0-4/15');
    expect(response.json()[0]).toMatchObject({
      title: expect.any(String),
      title_ar: expect.any(String),
      price: expect.stringMatching(/^\d+\.\d{3}$/),
    });
  });

  it('creates, updates and deletes with JSON', async () => {
    const created = await merchant.post('/v1/products/', product);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...product, stock: 0 });
    const id = created.json().id;
    const updated = await merchant.put(`/v1/products/${id}`, { ...product, stock: 7, sale_price: '2.999' });
    expect(updated.json()).toMatchObject({ stock: 7, sale_price: '2.999' });
    expect((await merchant.delete(`/v1/products/${id}`)).statusCode).toBe(200);
  });

  it('filters by category, bar code and Arabic free text', async () => {
    const dates = (await merchant.list('/v1/products', { filter: { category_id: datesId } })).json();
    expect(dates.length).toBe(3);
    const byCode = (await merchant.list('/v1/products', { filter: { bar_code: '6281000' } })).json();
    expect(byCode.length).toBe(15);
    const arabic = (await merchant.list('/v1/products', { filter: { q: 'قهوة' } })).json();
    expect(arabic.map((item: { title: string }) => item.title)).toContain('Arabic Coffee 500 g');
  });

  it('takes a product image as multipart and serves it back', async () => {
    const response = await upload('POST', '/v1/products/', {
      record: JSON.stringify(product),
      image: { filename: 'saffron.png', contentType: 'image/png', bytes: PNG },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject(product);
    expect(created.image).toMatch(/^\/v1\/files\/[A-Za-z0-9_-]+\.png$/);
    const file = await new Client(server.app).get(created.image);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // Replacing the record without a new file keeps the image the record carries.
    const updated = await upload('PUT', `/v1/products/${created.id}`, {
      record: JSON.stringify({ ...product, image: created.image, stock: 3 }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ image: created.image, stock: 3 });
  });

  it('lets a file field hold only a file this server stored', async () => {
    for (const image of ['https://evil.example/x.png', 'javascript:alert(1)', '/v1/files/../secret.png']) {
      const response = await merchant.post('/v1/products', { ...product, image });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ image: 'Invalid format' });
    }
  });

  it('names the file by its content type, never the name the client gave', async () => {
    const response = await upload('POST', '/v1/products', {
      record: JSON.stringify(product),
      image: { filename: '../../etc/passwd.jpg', contentType: 'image/jpeg', bytes: PNG },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().image).toMatch(/\.png$/);
  });

  it('refuses a file whose content is not an accepted type, whatever it claims, and stores nothing', async () => {
    const before = stored();
    const count = totalOf(await merchant.list('/v1/products', { range: [0, 0] }));
    const response = await upload(
      'POST',
      '/v1/products',
      {
        record: JSON.stringify(product),
        image: { filename: 'evil.png', contentType: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') },
      },
      'ar',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'صيغة الملف غير صحيحة', errors: { image: 'صيغة الملف غير صحيحة' } });
    const pdf = await upload('POST', '/v1/products', {
      record: JSON.stringify(product),
      image: { filename: 'doc.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test') },
    });
    expect(pdf.json()).toEqual({ message: 'Incorrect file format', errors: { image: 'Incorrect file format' } });
    expect(stored()).toEqual(before);
    expect(totalOf(await merchant.list('/v1/products', { range: [0, 0] }))).toBe(count);
  });

  it('refuses a file over the size limit of its field', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1)]);
    const response = await upload('POST', '/v1/products', {
      record: JSON.stringify(product),
      image: { filename: 'big.png', contentType: 'image/png', bytes: big },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual({ image: 'The file must be smaller than 1 MB' });
  });

  it('takes an image of at most 400 × 160 pixels and refuses a larger one in the caller’s language', async () => {
    const before = stored();
    for (const [width, height] of [
      [401, 160],
      [400, 161],
    ]) {
      const response = await upload(
        'POST',
        '/v1/products',
        {
          record: JSON.stringify(product),
          image: { filename: 'banner.png', contentType: 'image/png', bytes: png(width, height) },
        },
        'ar',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ image: 'يجب ألا تتجاوز أبعاد الصورة 400 × 160 بكسل' });
    }
    const wide = await upload('POST', '/v1/products', {
      record: JSON.stringify(product),
      image: { filename: 'banner.png', contentType: 'image/png', bytes: png(1000, 1000) },
    });
    expect(wide.json().errors).toEqual({ image: 'The image must be at most 400 × 160 pixels' });
    expect(stored()).toEqual(before);

    const fits = await upload('POST', '/v1/products', {
      record: JSON.stringify(product),
      image: { filename: 'banner.png', contentType: 'image/png', bytes: png(400, 160) },
    });
    expect(fits.statusCode).toBe(201);
  });

  it('validates the multipart record like a JSON body, and keeps no file of a rejected write', async () => {
    const before = stored();
    const invalid = await upload('POST', '/v1/products', {
      record: JSON.stringify({ ...product, price: '0', colour: 'red' }),
      image: { filename: 'a.png', contentType: 'image/png', bytes: PNG },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ price: 'Enter valid amount', colour: 'This field is not allowed' });
    const broken = await upload('POST', '/v1/products', { record: '{"title":' });
    expect(broken.json()).toEqual({
      message: 'The request body is not valid JSON',
      errors: { record: 'The request body is not valid JSON' },
    });
    const stray = await upload('POST', '/v1/products', {
      record: JSON.stringify(product),
      photo: { filename: 'a.png', contentType: 'image/png', bytes: PNG },
    });
    expect(stray.json().errors).toEqual({ photo: 'This field is not allowed' });
    const missing = await upload('PUT', '/v1/products/999999', {
      record: JSON.stringify(product),
      image: { filename: 'a.png', contentType: 'image/png', bytes: PNG },
    });
    expect(missing.statusCode).toBe(404);
    expect(stored()).toEqual(before);
  });

  it('answers 404 for unknown or malformed file names', async () => {
    const anonymous = new Client(server.app);
    for (const name of ['nope.png', '..%2F..%2Fpackage.json', 'AAAAAAAAAAAAAAAAAAAAAAAA.exe']) {
      expect((await anonymous.get(`/v1/files/${name}`)).statusCode).toBe(404);
    }
  });
});
