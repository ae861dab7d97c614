import { describe, expect, it } from 'vitest';
import { t } from './language';

const COUNTS = [0, 1, 2, 3, 11, 100];

/** The API's messages (validation, e-mails) in Arabic for each count, and in English for 1 and 2. */
function forms(key: string, params: Record<string, unknown> = {}) {
  return {
    ar: COUNTS.map((count) => t('ar', key, { ...params, smart_count: count })),
    en: [1, 2].map((count) => t('en', key, { ...params, smart_count: count })),
  };
}

describe('the API’s messages with a count', () => {
  it.each([
    {
      what: 'months',
      key: 'validation.date_range_months',
      ar: [
        'يجب ألا تتجاوز الفترة 0 شهر',
        'يجب ألا تتجاوز الفترة شهرًا واحدًا',
        'يجب ألا تتجاوز الفترة شهرين',
        'يجب ألا تتجاوز الفترة 3 أشهر',
        'يجب ألا تتجاوز الفترة 11 شهرًا',
        'يجب ألا تتجاوز الفترة 100 شهر',
      ],
      en: ['The date range must be at most one month', 'The date range must be at most 2 months'],
    },
    {
      what: 'the invalid rows of a bulk upload',
      key: 'app.bulk.rows_invalid',
      ar: [
        'لا صفوف غير صالحة؛ لم يتم إنشاء أي شيء',
        'صف واحد غير صالح كفاتورة؛ لم يتم إنشاء أي شيء',
        'صفّان غير صالحين كفاتورتين؛ لم يتم إنشاء أي شيء',
        '3 صفوف غير صالحة كفواتير؛ لم يتم إنشاء أي شيء',
        '11 صفًا غير صالح كفواتير؛ لم يتم إنشاء أي شيء',
        '100 صف غير صالح كفواتير؛ لم يتم إنشاء أي شيء',
      ],
      en: ['1 row is not a valid invoice; nothing was created', '2 rows are not valid invoices; nothing was created'],
    },
    {
      what: 'the characters of a length limit',
      key: 'validation.maxLength',
      ar: [
        'يجب ألا يزيد عن 0 حرف',
        'يجب ألا يزيد عن حرف واحد',
        'يجب ألا يزيد عن حرفين',
        'يجب ألا يزيد عن 3 أحرف',
        'يجب ألا يزيد عن 11 حرفًا',
        'يجب ألا يزيد عن 100 حرف',
      ],
      en: ['Must be at most one character', 'Must be at most 2 characters'],
    },
  ])('write $what in the form the number asks for', ({ key, ar, en }) => {
    expect(forms(key)).toEqual({ ar, en });
  });

  it('write a document’s validity in months as a sentence', () => {
    expect(t('ar', 'validation.document_validity', { smart_count: 12 })).toBe(
      'يجب أن يكون المستند ساريًا لمدة 12 شهرًا على الأقل',
    );
  });

  it('keep the other placeholders of an e-mail while counting its minutes', () => {
    const { ar, en } = forms('app.auth.reset_email_body', { code: '123456' });
    expect(ar.map((text) => /خلال ([^.]+)\./.exec(text)?.[1])).toEqual([
      '0 دقيقة',
      'دقيقة واحدة',
      'دقيقتين',
      '3 دقائق',
      '11 دقيقةً',
      '100 دقيقة',
    ]);
    expect(ar.every((text) => text.startsWith('رمزك السري هو 123456.'))).toBe(true);
    expect(en[0]).toContain('Your secret code is 123456. It expires in one minute.');
    expect(en[1]).toContain('It expires in 2 minutes.');
  });
});
