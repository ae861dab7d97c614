import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';
import { MAX_IMAGE_SIDE } from '../../src/server/files/upload-checks';
import { png } from '../support/images';
import {
  GIF_HTML_POLYGLOT,
  GIF_SCRIPT_POLYGLOT,
  HTML_PAGE,
  jpegClaiming,
  pngClaiming,
  SVGS,
} from '../support/uploads/crafted';
import { ACCOUNTS, Client } from './helpers/client';
import { multipart, type FilePart } from './helpers/files';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Uploads as a hostile client sends them: over the caps, dressed as another type, SVG, image
 * bombs, and names that try to climb out of the upload folder. Every refusal is in the caller's
 * language and leaves neither a file on disk nor a row; what is stored is named by the server and
 * served as the type its content showed.
 */

/** The product with one more file field, as a product owner might add: a small GIF or PNG. */
const product = entitySchemas.product;
const withAnimation: EntitySchema = {
  ...product,
  properties: {
    ...product.properties,
    animation: {
      type: 'string',
      maxLength: 300,
      'x-file': { accept: ['image/gif', 'image/png'], maxBytes: 200_000 },
    },
  },
};
const entities = Object.values(entitySchemas).map((entity) => (entity.$id === 'product' ? withAnimation : entity));

const saffron = { title: 'Saffron 5 g', title_ar: 'زعفران ٥ غ', price: '3.250' };
/** A compliance document valid long enough (at least four months ahead). */
const licence = {
  name: 'Commercial licence',
  type: 'commercial_license',
  expiry_date: new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10),
};

const PRODUCTS = '/v1/products';
const DOCUMENTS = '/v1/compliance/documents';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SERVER_NAME = /^[A-Za-z0-9_-]{24}\.(png|jpg|webp|gif|pdf|doc|txt)$/;
const MESSAGES = {
  tooBig: { en: 'The file must be smaller than 1 MB', ar: 'يجب أن يكون حجم الملف أقل من 1 MB' },
  request: { en: 'The request is too large', ar: 'حجم الطلب كبير جدًا' },
  type: { en: 'Incorrect file format', ar: 'صيغة الملف غير صحيحة' },
  svg: { en: 'SVG files are not accepted', ar: 'ملفات SVG غير مقبولة' },
  ceiling: {
    en: `The image must be at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels`,
    ar: `يجب ألا تتجاوز أبعاد الصورة ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} بكسل`,
  },
};

const file = (filename: string, contentType: string, bytes: Buffer): FilePart => ({ filename, contentType, bytes });

describe.each(DRIVERS)('uploads (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'bawaba-test-uploads-'));
  const stored = () => readdirSync(uploadsDir).sort();

  beforeAll(async () => {
    server = await startServer(driver, { uploadsDir, entities });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const upload = (url: string, parts: Parameters<typeof multipart>[0], locale: 'en' | 'ar' = 'en') => {
    const { body, contentType } = multipart(parts);
    return merchant.request('POST', url, { body, headers: { 'content-type': contentType }, locale });
  };
  const product = (field: string, part: FilePart, locale: 'en' | 'ar' = 'en') =>
    upload(PRODUCTS, { record: JSON.stringify(saffron), [field]: part }, locale);
  const document = (part: FilePart, locale: 'en' | 'ar' = 'en') =>
    upload(DOCUMENTS, { record: JSON.stringify(licence), file: part }, locale);
  const rows = async () => {
    const [row] = await server.app.bawaba.db.query<{ products: number; documents: number }>(
      `select (select count(*) from products)::integer as products,
              (select count(*) from compliance_documents)::integer as documents`,
    );
    return row;
  };
  /** Runs `act` and checks it left no file on disk and no row behind. */
  const leavesNothing = async (act: () => Promise<void>) => {
    const before = { files: stored(), rows: await rows() };
    await act();
    expect({ files: stored(), rows: await rows() }).toEqual(before);
  };
  /** The stored file a URL names, fetched as anyone would (no token). */
  const served = (url: string) => new Client(server.app).get(url);

  describe('size caps', () => {
    it('answers a file over its field’s cap with 413 in the caller’s language, storing nothing', async () => {
      const big = Buffer.concat([png(1, 1), Buffer.alloc(1024 * 1024)]);
      await leavesNothing(async () => {
        for (const locale of ['en', 'ar'] as const) {
          const image = await product('image', file('big.png', 'image/png', big), locale);
          expect(image.statusCode).toBe(413);
          expect(image.json()).toEqual({
            message: MESSAGES.tooBig[locale],
            errors: { image: MESSAGES.tooBig[locale] },
          });
          const scan = await document(file('scan.pdf', 'application/pdf', Buffer.concat([PDF, big])), locale);
          expect(scan.statusCode).toBe(413);
          expect(scan.json().errors).toEqual({ file: MESSAGES.tooBig[locale] });
        }
      });
    });

    it('takes each field’s cap from its schema', async () => {
      const picture = pngClaiming(300, 100, randomBytes(300_000));
      await leavesNothing(async () => {
        const small = await product('animation', file('a.png', 'image/png', picture));
        expect(small.statusCode).toBe(413);
        expect(small.json().errors).toEqual({ animation: 'The file must be smaller than 195 KB' });
      });
      expect((await product('image', file('a.png', 'image/png', picture))).statusCode).toBe(201);
    });

    it('refuses a request larger than all its fields may carry, with or without a length, before storing it', async () => {
      const huge = Buffer.concat([png(1, 1), Buffer.alloc(6 * 1024 * 1024)]);
      const { body, contentType } = multipart({
        record: JSON.stringify(saffron),
        image: file('a.png', 'image/png', huge),
      });
      await leavesNothing(async () => {
        for (const locale of ['en', 'ar'] as const) {
          const sized = await merchant.request('POST', PRODUCTS, {
            body,
            headers: { 'content-type': contentType },
            locale,
          });
          expect(sized.statusCode).toBe(413);
          expect(sized.json()).toEqual({ message: MESSAGES.request[locale] });
        }
        const chunked = await server.app.inject({
          method: 'POST',
          url: PRODUCTS,
          // Without a length, HTTP/1.1 has a body only when a transfer coding frames it.
          headers: {
            'content-type': contentType,
            'transfer-encoding': 'chunked',
            authorization: `Bearer ${merchant.token}`,
            locale: 'ar',
          },
          payload: Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
        });
        expect(chunked.statusCode).toBe(413);
        expect(chunked.json().message).toBe(MESSAGES.request.ar);
      });
    });

    it('answers 413 to a record part over its limit and to too many parts', async () => {
      await leavesNothing(async () => {
        const record = await upload(PRODUCTS, {
          record: JSON.stringify({ ...saffron, description: 'x'.repeat(1_000_001) }),
        });
        expect(record.statusCode).toBe(413);
        expect(record.json().errors).toEqual({ record: MESSAGES.request.en });
        const parts = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`extra${i}`, 'x']));
        const many = await upload(PRODUCTS, { record: JSON.stringify(saffron), ...parts }, 'ar');
        expect(many.statusCode).toBe(413);
        expect(many.json().message).toBe(MESSAGES.request.ar);
      });
    });
  });

  describe('type by content', () => {
    it('stores a PNG named .pdf as a PNG, and a PDF sent as image/png as a PDF, served as what they are', async () => {
      const png1 = await document(file('licence.pdf', 'application/pdf', png(20, 20)));
      expect(png1.statusCode).toBe(201);
      expect(png1.json().file).toMatch(/\.png$/);
      const image = await served(png1.json().file);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^inline; filename="[A-Za-z0-9_-]{24}\.png"$/);

      const pdf = await document(file('licence.png', 'image/png', PDF));
      expect(pdf.statusCode).toBe(201);
      expect(pdf.json().file).toMatch(/\.pdf$/);
      const download = await served(pdf.json().file);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9_-]{24}\.pdf"$/);
      expect(download.rawPayload.equals(PDF)).toBe(true);

      const text = await document(file('licence.html', 'text/html', Buffer.from('Licence no. 384512\nرخصة تجارية\n')));
      expect(text.json().file).toMatch(/\.txt$/);
      expect((await served(text.json().file)).headers).toMatchObject({
        'content-type': 'text/plain; charset=utf-8',
        'content-disposition': expect.stringMatching(/^attachment; filename="[A-Za-z0-9_-]{24}\.txt"$/),
        'x-content-type-options': 'nosniff',
      });
    });

    it('refuses a PDF sent as image/png, and HTML named .jpg, where the field does not take them', async () => {
      await leavesNothing(async () => {
        for (const locale of ['en', 'ar'] as const) {
          const pdf = await product('image', file('photo.png', 'image/png', PDF), locale);
          expect(pdf.statusCode).toBe(400);
          expect(pdf.json()).toEqual({ message: MESSAGES.type[locale], errors: { image: MESSAGES.type[locale] } });
          // Not even as text where text is taken: markup is never plain text.
          for (const response of [
            await product('image', file('photo.jpg', 'image/jpeg', HTML_PAGE), locale),
            await document(file('photo.jpg', 'image/jpeg', HTML_PAGE), locale),
            await document(file('notes.txt', 'text/plain', HTML_PAGE), locale),
          ]) {
            expect(response.statusCode).toBe(400);
            expect(response.json().message).toBe(MESSAGES.type[locale]);
          }
        }
      });
    });

    it('refuses a GIF-and-script polyglot; serves a GIF-and-page polyglot only as an inert image', async () => {
      await leavesNothing(async () => {
        const image = await product('image', file('a.gif', 'image/gif', GIF_SCRIPT_POLYGLOT), 'ar');
        expect(image.json().errors).toEqual({ image: MESSAGES.type.ar });
        // Where GIFs are taken, its `/*` reads as a width of 10,799 pixels.
        const animation = await product('animation', file('a.js', 'text/javascript', GIF_SCRIPT_POLYGLOT));
        expect(animation.statusCode).toBe(400);
        expect(animation.json().errors).toEqual({ animation: MESSAGES.ceiling.en });
      });
      const page = await product('animation', file('page.html', 'text/html', GIF_HTML_POLYGLOT));
      expect(page.statusCode).toBe(201);
      const gif = await served(page.json().animation);
      expect(gif.headers).toMatchObject({
        'content-type': 'image/gif',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(gif.headers['content-disposition']).toMatch(/^inline; filename="[A-Za-z0-9_-]{24}\.gif"$/);
    });
  });

  describe('image dimensions from the header', () => {
    it('refuses a PNG claiming 100,000 × 100,000 pixels: to the field’s size, or the ceiling when it sets none', async () => {
      const bomb = pngClaiming(100_000, 100_000);
      await leavesNothing(async () => {
        const image = await product('image', file('bomb.png', 'image/png', bomb));
        expect(image.statusCode).toBe(400);
        expect(image.json().errors).toEqual({ image: 'The image must be at most 400 × 160 pixels' });
        for (const locale of ['en', 'ar'] as const) {
          for (const claiming of [bomb, jpegClaiming(60_000, 60_000)]) {
            const scan = await document(file('scan.png', 'image/png', claiming), locale);
            expect(scan.statusCode).toBe(400);
            expect(scan.json()).toEqual({
              message: MESSAGES.ceiling[locale],
              errors: { file: MESSAGES.ceiling[locale] },
            });
          }
        }
      });
      expect((await document(file('scan.png', 'image/png', png(1200, 1600)))).statusCode).toBe(201);
    });
  });

  describe('SVG', () => {
    it('is refused in every dress, under any name and type, with its own message', async () => {
      const dresses = [
        ['logo.svg', 'image/svg+xml'],
        ['logo.png', 'image/png'],
        ['logo.txt', 'text/plain'],
      ];
      await leavesNothing(async () => {
        for (const [kind, svg] of Object.entries(SVGS)) {
          for (const [name, type] of dresses) {
            const locale = kind === 'declared' ? 'ar' : 'en';
            const image = await product('image', file(name, type, svg), locale);
            expect(image.statusCode, `${kind} as ${name}`).toBe(400);
            expect(image.json()).toEqual({ message: MESSAGES.svg[locale], errors: { image: MESSAGES.svg[locale] } });
            const scan = await document(file(name, type, svg), locale);
            expect(scan.json().errors, `${kind} as ${name}`).toEqual({ file: MESSAGES.svg[locale] });
          }
        }
      });
    });

    it('never serves a stored SVG or HTML file, even one put in the folder by hand', async () => {
      for (const name of ['AAAAAAAAAAAAAAAAAAAAAAAA.svg', 'AAAAAAAAAAAAAAAAAAAAAAAA.html']) {
        writeFileSync(join(uploadsDir, name), SVGS.bare);
        expect((await served(`/v1/files/${name}`)).statusCode).toBe(404);
        rmSync(join(uploadsDir, name));
      }
    });

    it('takes a real PNG sent as image/svg+xml as the PNG it is', async () => {
      const response = await product('image', file('logo.svg', 'image/svg+xml', png(40, 40)));
      expect(response.statusCode).toBe(201);
      expect((await served(response.json().image)).headers['content-type']).toBe('image/png');
    });
  });

  describe('file names', () => {
    it('stores every upload under a name of the server’s, whatever name the client sent', async () => {
      const before = stored();
      const names = ['../../etc/passwd', 'a\u202Egnp.exe', `${'n'.repeat(10 * 1024)}.png`, 'evil\u0000.png.exe'];
      const urls: string[] = [];
      for (const name of names) {
        const response = await product('image', file(name, 'application/octet-stream', png(8, 8)));
        expect(response.statusCode, JSON.stringify(name.slice(0, 20))).toBe(201);
        urls.push(response.json().image);
      }
      const added = stored().filter((name) => !before.includes(name));
      expect(added).toHaveLength(names.length);
      for (const name of added) expect(name).toMatch(SERVER_NAME);
      expect(urls.map((url) => url.replace('/v1/files/', '')).sort()).toEqual(added.sort());
      for (const url of urls) {
        const image = await served(url);
        expect(image.headers['content-disposition']).toBe(`inline; filename="${url.replace('/v1/files/', '')}"`);
      }
      // Nothing landed beside the folder either.
      expect(readdirSync(join(uploadsDir, '..')).filter((name) => name === 'etc' || name === 'passwd')).toEqual([]);
    });

    it('keeps a bulk upload’s file name only as text to show, without its path or hidden characters', async () => {
      const row = { row: 2, values: { customer_name: 'Upload Name', mobile: '96550000901', amount: '1.500' } };
      const created = await merchant.post('/v1/invoice-bulk-upload', {
        file_name: '../../etc/\u202Epasswd\u0000.csv',
        rows: [row],
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().file_name).toBe('passwd.csv');
      const long = await merchant.post(
        '/v1/invoice-bulk-upload',
        { file_name: `${'n'.repeat(10 * 1024)}.csv`, rows: [row] },
        { locale: 'ar' },
      );
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json().errors)).toEqual(['file_name']);
    });
  });
});
