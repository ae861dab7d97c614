import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import type { Catalogue } from '../../shared/i18n';
import { arabicPluralIndex, pluralRules, widenCatalogue, widenToArabicForms } from './pluralForms';

const COUNTS = [0, 1, 2, 3, 11, 100];

/** react-admin's provider as the portal builds it, over one catalogue. */
function provider(locale: string, phrases: Catalogue) {
  const { translate } = polyglotI18nProvider(() => phrases as unknown as TranslationMessages, locale, [], {
    pluralRules,
  });
  return { t: translate };
}

const arabic = (phrases: Catalogue) => provider('ar', widenCatalogue(phrases));

describe('Arabic plural forms', () => {
  it('takes the form of each count from Intl.PluralRules: zero, one, two, few, many, other', () => {
    expect(COUNTS.map(arabicPluralIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(arabicPluralIndex(17)).toBe(4);
    expect(arabicPluralIndex(10)).toBe(3);
  });

  it('writes a count of transactions in the form its number asks for', () => {
    const polyglot = arabic(ar);
    const shown = COUNTS.map((count) => polyglot.t('app.dashboard.successful_count', { smart_count: count }));
    expect(shown).toEqual([
      'لا معاملات ناجحة',
      'معاملة ناجحة واحدة',
      'معاملتان ناجحتان',
      '3 معاملات ناجحة',
      '11 معاملة ناجحة',
      '100 معاملة ناجحة',
    ]);
    expect(polyglot.t('app.dashboard.successful_count', { smart_count: 17 })).toBe('17 معاملة ناجحة');
  });

  it('keeps two-form resource names reading singular for one and plural otherwise', () => {
    const polyglot = arabic(ar);
    expect(polyglot.t('resources.invoice.name', { smart_count: 1 })).toBe('فاتورة');
    expect(polyglot.t('resources.invoice.name', { smart_count: 2 })).toBe('الفواتير');
    expect(polyglot.t('resources.invoice.name', { smart_count: 0 })).toBe('الفواتير');
    expect(polyglot.t('resources.invoice.name', { smart_count: 11 })).toBe('الفواتير');
  });

  it('widens only two-form messages', () => {
    expect(widenToArabicForms('أ |||| ب')).toBe('ب |||| أ |||| ب |||| ب |||| ب |||| ب');
    expect(widenToArabicForms('بلا عدد')).toBe('بلا عدد');
    const six = 'a |||| b |||| c |||| d |||| e |||| f';
    expect(widenToArabicForms(six)).toBe(six);
  });

  it('counts invoices, months and chains in the portal’s messages', () => {
    const polyglot = arabic(ar);
    const counted = (key: string, params: Record<string, unknown> = {}) =>
      COUNTS.map((count) => polyglot.t(key, { ...params, smart_count: count, count: String(count) }));
    expect(counted('app.bulk.created')).toEqual([
      'لم يتم إنشاء أي فاتورة',
      'تم إنشاء فاتورة واحدة',
      'تم إنشاء فاتورتين',
      'تم إنشاء 3 فواتير',
      'تم إنشاء 11 فاتورةً',
      'تم إنشاء 100 فاتورة',
    ]);
    const within = 'يجب أن يكون تاريخ الانتهاء في تاريخ البدء أو بعده، وألا تزيد المدة على ';
    expect(counted('validation.x-dateRange')).toEqual(
      ['0 شهر', 'شهر واحد', 'شهرين', '3 أشهر', '11 شهرًا', '100 شهر'].map((months) => within + months),
    );
    expect(counted('app.money_trail.capped', { shown: 50 }).slice(2)).toEqual([
      'تُعرض أول 50 من سلسلتين؛ والإجماليات تشملهما كلتيهما.',
      'تُعرض أول 50 من 3 سلاسل؛ والإجماليات تشملها كلها.',
      'تُعرض أول 50 من 11 سلسلةً؛ والإجماليات تشملها كلها.',
      'تُعرض أول 50 من 100 سلسلة؛ والإجماليات تشملها كلها.',
    ]);
    expect(polyglot.t('app.session.timeout_body', { smart_count: 12 })).toBe(
      'لم تقم بأي نشاط منذ مدة. سيتم تسجيل خروجك خلال 12 ثانيةً.',
    );
  });

  it('writes one and two in English’s forms', () => {
    const polyglot = provider('en', en);
    const counted = (key: string) =>
      [1, 2].map((count) => polyglot.t(key, { smart_count: count, count: String(count), amount: '5.000 KWD' }));
    expect(counted('app.bulk.created')).toEqual(['1 invoice created', '2 invoices created']);
    expect(counted('app.bulk.confirm')).toEqual([
      '1 invoice totalling 5.000 KWD will be created and its SMS sent now.',
      '2 invoices totalling 5.000 KWD will be created and their SMS sent now.',
    ]);
    expect(counted('validation.x-minMonthsAhead')).toEqual([
      'Must be valid for at least a month',
      'Must be valid for at least 2 months',
    ]);
  });

  it('leaves English with its two forms', () => {
    const polyglot = provider('en', { n: '%{smart_count} invoice |||| %{smart_count} invoices' });
    expect(COUNTS.map((count) => polyglot.t('n', { smart_count: count }))).toEqual([
      '0 invoices',
      '1 invoice',
      '2 invoices',
      '3 invoices',
      '11 invoices',
      '100 invoices',
    ]);
  });
});
