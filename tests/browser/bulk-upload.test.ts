import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { DEMO, baseUrl, documentLanguage, signIn } from './support/portal';

/**
 * Bulk SMS invoices by file upload (SPEC §5, §8): the merchant chooses a file, the browser checks
 * every row and reports the invalid ones in the user's language, and confirming creates exactly
 * the valid invoices.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The CSV fixture (3 valid invoices, rows 6 and 7 invalid) with customer names of its own, so the
 * invoices it creates can be counted.
 */
function invoicesCsv(stamp: string): Buffer {
  const text = readFileSync('tests/fixtures/bulk/invoices.csv', 'utf8')
    .replace('Ahmed Al-Sabah', `Ahmed ${stamp}`)
    .replace('نورة الرشيدي', `نورة ${stamp}`)
    .replace('Fatima Al-Mutairi', `Fatima ${stamp}`);
  return Buffer.from(text, 'utf8');
}

const fileInput = (page: Page, label: string) => page.getByLabel(label);

interface InvoiceRow {
  customer_name: string;
  kind: string;
  reference_no: string;
  payment_link: string;
}

async function invoicesOf(stamp: string): Promise<InvoiceRow[]> {
  const merchant = await Api.signIn(DEMO.merchant);
  const answer = await merchant.request<InvoiceRow[]>('GET', '/v1/invoice', {
    query: { filter: JSON.stringify({ q: stamp }), range: JSON.stringify([0, 49]) },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('bulk SMS invoices by file upload', () => {
  it('asks for a file, refuses a text file, reports the invalid rows of a CSV and creates exactly the valid invoices', async () => {
    const stamp = `B${Date.now()}`;
    const { context, page, errors } = await newVisitor(browser);
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${baseUrl}/sms/bulk-upload`);
    await page.getByRole('link', { name: 'Upload invoices' }).click();
    await page.getByRole('heading', { name: 'Upload invoices' }).waitFor();
    await page.getByRole('link', { name: 'Download the template (CSV)' }).waitFor();

    await page.getByRole('button', { name: 'Create invoices' }).click();
    await page.getByText('Select file to upload', { exact: true }).waitFor();

    const input = fileInput(page, 'Choose file (csv, xls or xlsx)');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('customer_name\nA\n') });
    await page.getByText('Incorrect file format', { exact: true }).waitFor();
    // A file named .csv that is not text is refused by its content.
    await input.setInputFiles({
      name: 'renamed.csv',
      mimeType: 'text/csv',
      buffer: readFileSync('tests/fixtures/bulk/invoices.xlsx'),
    });
    await page.getByText('Incorrect file format', { exact: true }).waitFor();

    // The same invoices as an XLSX workbook, read in the browser too.
    await input.setInputFiles('tests/fixtures/bulk/invoices.xlsx');
    const problems = page.getByRole('table', { name: 'Problems' });
    await problems.waitFor();
    await page.getByRole('button', { name: 'Create 3 invoices' }).waitFor();

    await input.setInputFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: invoicesCsv(stamp) });
    await page.getByText('march.csv', { exact: true }).waitFor();
    await problems.waitFor();
    for (const [label, value] of [
      ['Rows', '5'],
      ['Valid', '3'],
      ['Invalid', '2'],
      ['Total of valid rows', '30.000 KWD'],
    ]) {
      await page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').getByText(value).waitFor();
    }
    const lines = await problems.getByRole('row').allInnerTexts();
    expect(lines.slice(1).map((line) => line.split('\t').map((cell) => cell.trim()))).toEqual([
      ['6', 'Mobile', 'Mobile number must have at least 11 digits including the country code'],
      ['6', 'Amount', 'Enter valid amount'],
      ['7', 'Customer name', 'This field is required'],
      ['7', 'Amount', 'Enter valid amount'],
      ['7', 'E-mail', 'Enter a valid e-mail address'],
    ]);
    expect(await invoicesOf(stamp)).toEqual([]);

    await page.getByRole('button', { name: 'Create 3 invoices' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^3 invoices totalling 30\.000 KWD will be created/).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('3 invoices created').waitFor();
    await page.waitForURL((url) => url.pathname === '/sms/bulk-upload');
    await page.getByRole('row').filter({ hasText: 'march.csv' }).first().waitFor();

    const created = await invoicesOf(stamp);
    expect(created.map((invoice) => invoice.customer_name).sort()).toEqual(
      [`Ahmed ${stamp}`, `Fatima ${stamp}`, `نورة ${stamp}`].sort(),
    );
    for (const invoice of created) {
      expect(invoice.kind).toBe('bulk');
      expect(invoice.payment_link).toBe(`${new URL(invoice.payment_link).origin}/smspay/${invoice.reference_no}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports the problems in Arabic, right to left, and says the same about a missing or wrong file', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${baseUrl}/merchant?lng=ar`);
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    await signIn(page, DEMO.merchant.email, DEMO.merchant.password, 'ar');
    await page.getByRole('heading', { name: 'لوحة التحكم' }).waitFor();
    await page.goto(`${baseUrl}/bulk_upload/create`);
    await page.getByRole('heading', { name: 'رفع الفواتير' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    await page.getByRole('button', { name: 'إنشاء الفواتير' }).click();
    await page.getByText('اختر ملفاً لرفعه', { exact: true }).waitFor();
    const input = fileInput(page, 'اختر ملفاً (csv أو xls أو xlsx)');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('صيغة الملف غير صحيحة', { exact: true }).waitFor();

    // An Excel 97–2003 workbook, read in the browser.
    await input.setInputFiles('tests/fixtures/bulk/invoices.xls');
    const problems = page.getByRole('table', { name: 'المشكلات' });
    await problems.waitFor();
    const lines = await problems.getByRole('row').allInnerTexts();
    expect(lines.slice(1).map((line) => line.split('\t').map((cell) => cell.trim()))).toEqual([
      ['6', 'الجوال', 'يجب أن يتكون رقم الجوال من 11 رقمًا على الأقل مع رمز الدولة'],
      ['6', 'المبلغ', 'أدخل مبلغًا صحيحًا'],
      ['7', 'اسم العميل', 'هذا الحقل مطلوب'],
      ['7', 'المبلغ', 'أدخل مبلغًا صحيحًا'],
      ['7', 'البريد الإلكتروني', 'أدخل بريدًا إلكترونيًا صحيحًا'],
    ]);
    // Right to left: the row number is the rightmost column, the message the leftmost.
    const header = problems.getByRole('row').first();
    const rowBox = await header.getByRole('columnheader', { name: 'الصف' }).boundingBox();
    const problemBox = await header.getByRole('columnheader', { name: 'المشكلة' }).boundingBox();
    expect(rowBox && problemBox && rowBox.x > problemBox.x).toBe(true);
    await page.getByRole('button', { name: 'إنشاء الفواتير (3)' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
