import type { Document, Merchant as MerchantProfile, Notification, Signatory } from '../../generated';
import type { EntityCreate, EntityServerValues } from '../../generated/entities';
import type { Merchant } from '../merchants/merchants';
import type { Demo, DemoWriter } from './demo-writer';

/**
 * Demo data of the merchant's own account and of its multi-vendor and compliance screens: the
 * business profile with bank details and templates, notification settings, sub-merchants with their
 * services, compliance records in every approval status, signatories, documents (one expiring
 * soon), notifications, FAQ and demo guides — in Arabic and English.
 */

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const daysFromNow = (days: number) => isoDate(Date.now() + days * DAY);
const instantDaysAgo = (days: number, hour = 10) => {
  const date = new Date(Date.now() - days * DAY);
  date.setUTCHours(hour, 15, 0, 0);
  return date.toISOString();
};

/** Templates of the payer's pages and messages; `{name}`, `{refno}` and `{amount}` are filled in per payment. */
const TEMPLATES: Pick<
  EntityCreate<'merchant'>,
  'receipt_template' | 'success_template' | 'failure_template' | 'payment_template' | 'web_payment_template'
> = {
  receipt_template:
    'Thank you {name}. Your payment of {amount} KWD was received.\nReference: {refno}\nشكراً {name}، تم استلام دفعتك بمبلغ {amount} د.ك. المرجع: {refno}',
  success_template:
    'Payment successful. Keep reference {refno} for your records.\nتمت عملية الدفع بنجاح. المرجع: {refno}',
  failure_template:
    'The payment could not be completed. Please try again or use another card.\nتعذر إتمام عملية الدفع. يرجى المحاولة مرة أخرى.',
  payment_template: 'Dear {name}, please pay {amount} KWD for order {refno} using the link below.',
  web_payment_template: 'You are paying {amount} KWD securely through Bawaba.\nأنت تدفع {amount} د.ك بأمان عبر بوابة.',
};

const SOCIAL = (
  handle: string,
): Pick<EntityCreate<'merchant'>, 'website_url' | 'instagram_url' | 'twitter_url' | 'facebook_url'> => ({
  website_url: `https://www.${handle}.com.kw`,
  instagram_url: `https://www.instagram.com/${handle}`,
  twitter_url: `https://x.com/${handle}`,
  facebook_url: `https://www.facebook.com/${handle}`,
});

/**
 * What the merchant's own profile shows of its account, which no one edits: its code and keys (the
 * ones `/keys` answers) and its numbers.
 */
function accountValues(merchant: Merchant): EntityServerValues<'merchant'> {
  return {
    reference_number: `MER-2024-${String(merchant.id).padStart(6, '0')}`,
    seq_id: merchant.id,
    code: merchant.code,
    access_code: merchant.access_code,
    iv_key: merchant.iv_key,
    secret_key: merchant.secret_key,
  };
}

/** The demo merchant's own business profile: every field filled, its real keys and code. */
function ownProfile(merchant: Merchant): Demo<'merchant'> {
  return {
    values: {
      name: merchant.name,
      name_ar: merchant.name_ar ?? '',
      brand_name: merchant.brand_name ?? undefined,
      company_name: 'Al Noor General Trading Company W.L.L.',
      legal_shape: 'wll',
      company_registration_number: '384512',
      company_registration_expiry: daysFromNow(410),
      active: true,
      contact_name: merchant.contact_name ?? undefined,
      email: 'info@alnoor-trading.com.kw',
      primary_email: 'hessa@alnoor-trading.com.kw',
      secondary_email: 'accounts@alnoor-trading.com.kw',
      tertiary_email: 'support@alnoor-trading.com.kw',
      notification_emails: 'accounts@alnoor-trading.com.kw, hessa@alnoor-trading.com.kw',
      mobile: '99881234',
      country: 'KW',
      address: 'Block 3, Street 14, Building 22, Al Rai Industrial Area, Kuwait',
      username: 'alnoor.trading',
      min_value: '1.000',
      max_value: '5000.000',
      bank_beneficiary_name: 'Al Noor General Trading Co.',
      bank_name: 'National Bank of Kuwait',
      bank_branch: 'Al Rai',
      bank_account_number: '1000372151',
      iban: 'KW81NBOK0000000000001000372151',
      beneficiary_code: 'NBOKKWKW',
      ...SOCIAL('alnoortrading'),
      webhook_url: 'https://hooks.alnoor-trading.test/bawaba/webhook',
      server_ip: '185.112.44.20',
      terms_enabled: true,
      ...TEMPLATES,
      remarks: 'Main account; sub-merchants settle to their own IBANs.',
    },
    system: accountValues(merchant),
  };
}

/** A service of a merchant: its type and payment type, and the settings that differ from `SERVICE_DEFAULTS`. */
type DemoService = Pick<EntityCreate<'merchant_service'>, 'service_type' | 'payment_type'> &
  Partial<EntityCreate<'merchant_service'>>;

/** A demo sub-merchant: its profile's names, the handle its addresses are made of, its bank and services. */
interface DemoSubMerchant {
  name: string;
  name_ar: string;
  handle: string;
  legal_shape: MerchantProfile['legal_shape'];
  contact: string;
  mobile: string;
  bank: { name: string; branch: string; iban: string };
  active: boolean;
  services: DemoService[];
}

const SUB_MERCHANTS: DemoSubMerchant[] = [
  {
    name: 'Salmiya Branch',
    name_ar: 'فرع السالمية',
    handle: 'alnoor-salmiya',
    legal_shape: 'wll',
    contact: 'Abdulrahman Al-Kandari',
    mobile: '96554321',
    bank: { name: 'National Bank of Kuwait', branch: 'Salmiya', iban: 'KW81NBOK0000000000001000372152' },
    active: true,
    services: [
      { service_type: 'payment_gateway', payment_type: 'knet', sub_payment_type: 'debit', capture_type: 'full' },
      {
        service_type: 'quick_invoice',
        payment_type: 'credit_card',
        sub_payment_type: 'visa',
        capture_type: 'partial',
        capture_days: 7,
      },
    ],
  },
  {
    name: 'Jahra Branch',
    name_ar: 'فرع الجهراء',
    handle: 'alnoor-jahra',
    legal_shape: 'individual_establishment',
    contact: 'مشعل الظفيري',
    mobile: '65012345',
    bank: { name: 'Kuwait Finance House', branch: 'Jahra', iban: 'KW39KFHO0000000000051010045671' },
    active: true,
    services: [
      { service_type: 'open_invoice', payment_type: 'knet', sub_payment_type: 'debit', capture_type: 'full' },
      { service_type: 'product_listing', payment_type: 'apple_pay', sub_payment_type: 'wallet', capture_type: 'full' },
    ],
  },
  {
    name: 'Avenues Kiosk',
    name_ar: 'كشك الأفنيوز',
    handle: 'alnoor-avenues',
    legal_shape: 'single_person_company',
    contact: 'Noura Al-Sabah',
    mobile: '50123456',
    bank: { name: 'Gulf Bank', branch: 'The Avenues', iban: 'KW62GULB0000000000000012345678' },
    active: false,
    services: [{ service_type: 'pos_terminal', payment_type: 'knet', sub_payment_type: 'debit', capture_type: 'full' }],
  },
];

const VENDOR_SUB_MERCHANTS: DemoSubMerchant[] = [
  {
    name: 'Mubarakiya Sweets',
    name_ar: 'حلويات المباركية',
    handle: 'mubarakiya-sweets',
    legal_shape: 'individual_establishment',
    contact: 'Yousef Al-Awadhi',
    mobile: '97766554',
    bank: { name: 'Boubyan Bank', branch: 'Kuwait City', iban: 'KW17BBYN0000000000000102938475' },
    active: true,
    services: [
      { service_type: 'product_listing', payment_type: 'knet', sub_payment_type: 'debit', capture_type: 'full' },
    ],
  },
  {
    name: 'Gulf Coffee Roasters',
    name_ar: 'محمصة قهوة الخليج',
    handle: 'gulfcoffee',
    legal_shape: 'wll',
    contact: 'هيا المطيري',
    mobile: '55544332',
    bank: { name: 'Kuwait Finance House', branch: 'Shuwaikh', iban: 'KW39KFHO0000000000051010045672' },
    active: true,
    services: [
      {
        service_type: 'payment_gateway',
        payment_type: 'credit_card',
        sub_payment_type: 'mastercard',
        capture_type: 'full',
      },
    ],
  },
];

/** Service settings most sub-merchants share; each service states what differs. */
const SERVICE_DEFAULTS: Partial<EntityCreate<'merchant_service'>> = {
  setup_charge: '25.000',
  monthly_subscription_charge: '10.000',
  sms_language: 'ar',
  sms_template: 'Dear {name}, please pay {amount} KWD for invoice {refno}.',
  sms_sender_id: 'ALNOOR',
  sms_active_minutes: 1440,
  thank_you_sms: true,
  max_transactions_per_day: 0,
  max_transaction_amount: '2500.000',
  daily_total: '0.000',
  monthly_total: '0.000',
  open_invoice_fields: [
    { name: 'Civil ID', required: true, characters: 12 },
    { name: 'Order notes', required: false, characters: 200 },
  ],
  invoice_transaction_settings: { max_attempts: 3 },
};

/**
 * The merchant's own service settings (no sub-merchant): the SMS its invoices are sent with, the
 * fields its open invoices ask payers for, and its recurring subscriptions.
 */
async function seedOwnServices(demo: DemoWriter): Promise<void> {
  const own: DemoService[] = [
    {
      service_type: 'quick_invoice',
      payment_type: 'knet',
      sms_language: 'en',
      sms_template: 'Dear {name}, Al Noor Trading asks you to pay {amount} KWD for invoice {refno}.',
      sms_sender_id: 'ALNOOR',
      sms_active_minutes: 0,
      thank_you_sms: true,
      invoice_transaction_settings: { max_attempts: 5 },
      remarks: 'Own SMS invoices',
    },
    {
      service_type: 'open_invoice',
      payment_type: 'credit_card',
      open_invoice_fields: [
        { name: 'Civil ID', required: true, characters: 12 },
        { name: 'Notes', required: false, characters: 200 },
      ],
      remarks: 'Own open invoices',
    },
    { service_type: 'subscription', payment_type: 'credit_card', remarks: 'Own recurring subscriptions' },
    {
      // The online checkout authorises cards first: the merchant captures them within five days.
      service_type: 'payment_gateway',
      payment_type: 'credit_card',
      capture_type: 'partial',
      capture_days: 5,
      max_transaction_amount: '0.000',
      remarks: 'Own online checkout: authorise first, capture within 5 days',
    },
  ];
  for (const service of own) {
    await demo.create('merchant_service', {
      values: { ...SERVICE_DEFAULTS, ...service },
      system: { created_at: instantDaysAgo(140) },
    });
  }
}

async function seedSubMerchants(demo: DemoWriter, merchant: Merchant, list: DemoSubMerchant[]): Promise<void> {
  for (const [i, sub] of list.entries()) {
    const { name: bankName, branch, iban } = sub.bank;
    const created = await demo.create('merchant', {
      values: {
        name: sub.name,
        name_ar: sub.name_ar,
        brand_name: sub.name,
        company_name: `${sub.name} Co.`,
        legal_shape: sub.legal_shape,
        company_registration_number: String(420100 + merchant.id * 100 + i),
        company_registration_expiry: daysFromNow(200 + i * 90),
        active: sub.active,
        contact_name: sub.contact,
        email: `info@${sub.handle}.com.kw`,
        primary_email: `manager@${sub.handle}.com.kw`,
        notification_emails: `accounts@${sub.handle}.com.kw, manager@${sub.handle}.com.kw`,
        mobile: sub.mobile,
        country: 'KW',
        address: `Shop ${12 + i}, ${branch}, Kuwait`,
        username: sub.handle.replace('-', '.'),
        min_value: '0.500',
        max_value: '1500.000',
        bank_beneficiary_name: sub.name,
        bank_name: bankName,
        bank_branch: branch,
        bank_account_number: iban.slice(-10),
        iban,
        beneficiary_code: `${sub.handle.slice(0, 4).toUpperCase()}${i + 1}`,
        ...SOCIAL(sub.handle.replace('-', '')),
        webhook_url: `https://hooks.${sub.handle}.test/payments`,
        terms_enabled: i % 2 === 0,
        ...TEMPLATES,
      },
      system: {
        seq_id: 1000 + merchant.id * 10 + i,
        created_at: instantDaysAgo(120 - i * 30),
      },
    });
    for (const service of sub.services) {
      await demo.create('merchant_service', {
        values: {
          ...SERVICE_DEFAULTS,
          ...service,
          sub_merchant_id: created.id,
          remarks: `${sub.name}: ${service.service_type.replace('_', ' ')}`,
        },
        system: { created_at: instantDaysAgo(110 - i * 30) },
      });
    }
  }
}

async function seedCompliance(demo: DemoWriter): Promise<void> {
  const records: { values: EntityCreate<'compliance'>; approval: EntityServerValues<'compliance'> }[] = [
    {
      values: {
        name: 'Hessa Al-Noori',
        civil_id: '285031201234',
        civil_id_expiry: daysFromNow(700),
        nationality: 'KW',
        passport_number: 'K1234567',
        passport_expiry: daysFromNow(1200),
        job_title: 'Managing partner',
        designation: 'owner_partner',
        work_address: 'Al Rai Industrial Area, Block 3, Kuwait',
        target_customer_nature: 'Retail customers and corporate gift orders in Kuwait',
        expected_daily_operations: 120,
        expected_daily_amount: '3500.000',
        min_transaction_amount: '1.000',
        max_transaction_amount: '5000.000',
        political_exposure: { category: 'none' },
      },
      approval: {
        approval_status: 'approved',
        approved_at: instantDaysAgo(150),
        approved_by: 'Compliance team — Reem',
      },
    },
    {
      values: {
        name: 'مشعل الظفيري',
        civil_id: '290112305678',
        civil_id_expiry: daysFromNow(320),
        nationality: 'KW',
        job_title: 'مدير الفرع',
        designation: 'company_representative',
        work_address: 'الجهراء، القطعة ٤، الكويت',
        target_customer_nature: 'عملاء التجزئة في منطقة الجهراء',
        expected_daily_operations: 40,
        expected_daily_amount: '900.000',
        min_transaction_amount: '0.500',
        max_transaction_amount: '800.000',
        political_exposure: { category: 'none' },
      },
      approval: { approval_status: 'pending' },
    },
    {
      values: {
        name: 'Abdulrahman Al-Kandari',
        civil_id: '279050409876',
        civil_id_expiry: daysFromNow(95),
        nationality: 'KW',
        passport_number: 'K7654321',
        passport_expiry: daysFromNow(400),
        job_title: 'Finance manager',
        designation: 'authorized_signatory',
        work_address: 'Salem Al Mubarak Street, Salmiya, Kuwait',
        target_customer_nature: 'Walk-in customers of the Salmiya showroom',
        expected_daily_operations: 60,
        expected_daily_amount: '1800.000',
        min_transaction_amount: '1.000',
        max_transaction_amount: '1500.000',
        political_exposure: {
          category: 'senior_official',
          politician_name: 'Fahad Al-Kandari',
          relationship: 'Brother',
          position_start_date: '2019-03-01',
          position_end_date: '2023-02-28',
          relationship_nature: 'Family member',
          relationship_name: 'Fahad Al-Kandari',
        },
      },
      approval: {
        approval_status: 'rejected',
        reject_reason: 'Passport copy is unreadable; please upload a clear scan.',
        rejected_at: instantDaysAgo(20),
        rejected_by: 'Compliance team — Salem',
      },
    },
    {
      values: {
        name: 'Priya Nair',
        civil_id: '288120700321',
        civil_id_expiry: daysFromNow(260),
        nationality: 'IN',
        passport_number: 'Z4455667',
        passport_expiry: daysFromNow(900),
        job_title: 'Operations officer',
        designation: 'other',
        work_address: 'The Avenues, Phase 4, Kiosk 12, Kuwait',
        expected_daily_operations: 25,
        expected_daily_amount: '400.000',
        political_exposure: { category: 'none' },
      },
      approval: {
        approval_status: 'delete_pending',
        approved_at: instantDaysAgo(300),
        approved_by: 'Compliance team — Reem',
      },
    },
    {
      values: {
        name: 'عبدالله الكندري',
        civil_id: '275020201111',
        civil_id_expiry: daysFromNow(30),
        nationality: 'KW',
        job_title: 'شريك سابق',
        designation: 'owner_partner',
        political_exposure: { category: 'parliament_member', politician_name: 'عبدالله الكندري', relationship: 'نفسه' },
      },
      approval: {
        approval_status: 'delete_approved',
        approved_at: instantDaysAgo(400),
        approved_by: 'Compliance team — Salem',
      },
    },
  ];
  for (const [i, { values, approval }] of records.entries()) {
    await demo.create('compliance', { values, system: { ...approval, created_at: instantDaysAgo(200 - i * 35) } });
  }
}

async function seedSignatories(demo: DemoWriter): Promise<void> {
  const signatories: { values: EntityCreate<'signatory'>; status: Signatory['verification_status'] }[] = [
    {
      values: {
        name: 'Hessa Al-Noori',
        entity: 'Al Noor General Trading Company W.L.L.',
        designation: 'owner_partner',
        job_title: 'Managing partner',
        civil_id: '285031201234',
        civil_id_expiry: daysFromNow(700),
        mobile: '96599881234',
        nationality: 'KW',
        passport_number: 'K1234567',
        passport_expiry: daysFromNow(1200),
        work_address: 'Al Rai Industrial Area, Block 3, Kuwait',
      },
      status: 'approved',
    },
    {
      values: {
        name: 'Abdulrahman Al-Kandari',
        entity: 'Al Noor General Trading Company W.L.L.',
        designation: 'authorized_signatory',
        job_title: 'Finance manager',
        civil_id: '279050409876',
        civil_id_expiry: daysFromNow(95),
        mobile: '96596554321',
        nationality: 'KW',
        work_address: 'Salem Al Mubarak Street, Salmiya, Kuwait',
      },
      status: 'pending',
    },
    {
      values: {
        name: 'مريم الشمري',
        entity: 'شركة النور للتجارة العامة ذ.م.م',
        designation: 'company_representative',
        job_title: 'مديرة العلاقات المصرفية',
        civil_id: '291081503344',
        civil_id_expiry: daysFromNow(540),
        mobile: '96565012399',
        nationality: 'KW',
        work_address: 'الري، القطعة ٣، الكويت',
      },
      status: 'rejected',
    },
  ];
  for (const [i, { values, status }] of signatories.entries()) {
    await demo.create('signatory', {
      values,
      system: { verification_status: status, created_at: instantDaysAgo(180 - i * 40) },
    });
  }
}

async function seedDocuments(demo: DemoWriter): Promise<void> {
  const documents: { values: EntityCreate<'document'>; status: Document['verification_status']; daysAgo: number }[] = [
    {
      values: {
        name: 'Commercial license 2025',
        type: 'commercial_license',
        description: 'Ministry of Commerce and Industry licence no. 384512',
        expiry_date: daysFromNow(410),
      },
      status: 'approved',
      daysAgo: 160,
    },
    {
      values: {
        name: 'Civil ID — Hessa Al-Noori',
        type: 'civil_id',
        description: 'Front and back of the managing partner’s civil ID',
        expiry_date: daysFromNow(700),
      },
      status: 'approved',
      daysAgo: 150,
    },
    {
      values: {
        name: 'جواز سفر — عبدالرحمن الكندري',
        type: 'passport',
        description: 'صفحة البيانات من جواز السفر',
        expiry_date: daysFromNow(400),
      },
      status: 'rejected',
      daysAgo: 20,
    },
    {
      values: {
        name: 'Signature authorization',
        type: 'signature_authorization',
        description: 'Authorised signatories certificate from the Chamber of Commerce',
        expiry_date: daysFromNow(18),
      },
      status: 'approved',
      daysAgo: 300,
    },
    {
      values: {
        name: 'خطاب البنك',
        type: 'bank_letter',
        description: 'خطاب تأكيد الحساب من بنك الكويت الوطني',
        expiry_date: daysFromNow(250),
      },
      status: 'pending',
      daysAgo: 3,
    },
    {
      values: {
        name: 'Old lease contract',
        type: 'other',
        description: 'Shop lease of the closed Fahaheel branch',
        expiry_date: daysFromNow(140),
      },
      status: 'delete_pending',
      daysAgo: 60,
    },
  ];
  for (const { values, status, daysAgo } of documents) {
    const at = instantDaysAgo(daysAgo);
    await demo.create('document', { values, system: { verification_status: status, created_at: at, updated_at: at } });
  }
}

/** The notifications of the demo merchant, oldest first. */
const NOTIFICATIONS: Required<Pick<Notification, 'type' | 'title' | 'title_ar' | 'body' | 'body_ar'>>[] = [
  {
    type: 'payment',
    title: 'Payment received',
    title_ar: 'تم استلام دفعة',
    body: 'Ahmed Al-Sabah paid invoice INV-2026-000031: 45.500 KWD.',
    body_ar: 'دفع أحمد الصباح الفاتورة INV-2026-000031 بمبلغ 45.500 د.ك.',
  },
  {
    type: 'refund',
    title: 'Refund processed',
    title_ar: 'تمت معالجة الاسترداد',
    body: 'The refund of 12.250 KWD to Fatima Al-Mutairi was processed.',
    body_ar: 'تمت معالجة استرداد مبلغ 12.250 د.ك لفاطمة المطيري.',
  },
  {
    type: 'system',
    title: 'Compliance document expiring',
    title_ar: 'مستند امتثال على وشك الانتهاء',
    body: 'Your signature authorization expires in less than 30 days. Please upload a renewed copy.',
    body_ar: 'تنتهي صلاحية مستند تفويض التوقيع خلال أقل من ٣٠ يوماً. يرجى رفع نسخة مجددة.',
  },
  {
    type: 'announcement',
    title: 'Download the Bawaba app',
    title_ar: 'حمّل تطبيق بوابة',
    body: 'Manage invoices and see payments on the go: the Bawaba app is on the App Store and Google Play.',
    body_ar: 'أدر فواتيرك وتابع مدفوعاتك أينما كنت: تطبيق بوابة متوفر على متجر آبل وجوجل بلاي.',
  },
  {
    type: 'payment',
    title: 'Payment received',
    title_ar: 'تم استلام دفعة',
    body: 'Maria Santos paid open invoice OPN-2026-000012: 120.000 KWD.',
    body_ar: 'دفعت ماريا سانتوس الفاتورة المفتوحة OPN-2026-000012 بمبلغ 120.000 د.ك.',
  },
  {
    type: 'announcement',
    title: 'Mobile wallet payments available',
    title_ar: 'الدفع بالمحفظة الإلكترونية متاح',
    body: 'Your customers can now pay invoices with Apple Pay and Google Pay.',
    body_ar: 'يمكن لعملائك الآن دفع الفواتير عبر Apple Pay و Google Pay.',
  },
  {
    type: 'system',
    title: 'Payment transfer on hold',
    title_ar: 'تحويل مدفوعات معلّق',
    body: 'This week’s transfer to your NBK account is on hold pending a document review.',
    body_ar: 'تم تعليق تحويل هذا الأسبوع إلى حسابك في بنك الكويت الوطني بانتظار مراجعة المستندات.',
  },
  {
    type: 'payment',
    title: 'Payment failed',
    title_ar: 'فشلت عملية الدفع',
    body: 'A KNET payment of 8.750 KWD by محمد العتيبي was declined by the bank.',
    body_ar: 'رفض البنك دفعة كي نت بمبلغ 8.750 د.ك من محمد العتيبي.',
  },
  {
    type: 'announcement',
    title: 'Set up payment notifications',
    title_ar: 'فعّل إشعارات الدفع',
    body: 'Add a webhook URL and notification e-mails to hear about every payment as it happens.',
    body_ar: 'أضف رابط Webhook وعناوين البريد للإشعارات لتصلك كل دفعة فور حدوثها.',
  },
  {
    type: 'refund',
    title: 'Refund request cancelled',
    title_ar: 'تم إلغاء طلب الاسترداد',
    body: 'The refund request for INV-2026-000018 was cancelled within 20 minutes.',
    body_ar: 'تم إلغاء طلب استرداد الفاتورة INV-2026-000018 خلال ٢٠ دقيقة.',
  },
  {
    type: 'system',
    title: 'Sub-user notifications',
    title_ar: 'إشعارات المستخدمين الفرعيين',
    body: 'You can now let your employees receive push notifications from the notification settings.',
    body_ar: 'يمكنك الآن تمكين الإشعارات الفورية لموظفيك من إعدادات الإشعارات.',
  },
  {
    type: 'payment',
    title: 'Weekly transfer sent',
    title_ar: 'تم إرسال التحويل الأسبوعي',
    body: 'Your weekly payment transfer of 3,412.600 KWD was sent to NBK.',
    body_ar: 'تم إرسال تحويلك الأسبوعي بمبلغ 3,412.600 د.ك إلى بنك الكويت الوطني.',
  },
];

async function seedNotifications(demo: DemoWriter, count: number): Promise<void> {
  for (const [i, notification] of NOTIFICATIONS.slice(0, count).entries()) {
    // Oldest first, so the newest (and unread) come out on top.
    const daysAgo = (count - 1 - i) * 4;
    await demo.create('notification', {
      values: { read: i < count - 5 },
      system: { ...notification, created_at: instantDaysAgo(daysAgo, 8 + (i % 9)) },
    });
  }
}

/** The help's questions, in the order they are shown. */
const FAQ: Omit<EntityCreate<'faq'>, 'order'>[] = [
  {
    category: 'getting_started',
    question: 'How do I send my first invoice?',
    question_ar: 'كيف أرسل أول فاتورة؟',
    answer:
      'Open Invoices, choose Create, enter the customer’s name, mobile number and amount, then send. The customer receives an SMS with a payment link.',
    answer_ar:
      'افتح الفواتير واختر إنشاء، ثم أدخل اسم العميل ورقم هاتفه والمبلغ وأرسل. يصل العميل رسالة نصية برابط الدفع.',
  },
  {
    category: 'payments',
    question: 'Which payment methods can my customers use?',
    question_ar: 'ما طرق الدفع المتاحة لعملائي؟',
    answer: 'KNET, Visa and Mastercard, Apple Pay and Google Pay, and cash for invoices you mark as paid in person.',
    answer_ar: 'كي نت وفيزا وماستركارد و Apple Pay و Google Pay، والنقد للفواتير التي تسجلها مدفوعة حضورياً.',
  },
  {
    category: 'payments',
    question: 'When are payments transferred to my bank account?',
    question_ar: 'متى تُحوَّل المدفوعات إلى حسابي البنكي؟',
    answer:
      'Payments are transferred weekly to the IBAN in your payment settings. A transfer may be held while compliance documents are reviewed.',
    answer_ar:
      'تُحوَّل المدفوعات أسبوعياً إلى رقم الآيبان المسجل في إعدادات الدفع، وقد يُعلَّق التحويل أثناء مراجعة مستندات الامتثال.',
  },
  {
    category: 'refunds',
    question: 'Can I cancel a refund request?',
    question_ar: 'هل يمكنني إلغاء طلب استرداد؟',
    answer:
      'Refunds of same-day transactions are processed after 20 minutes; you can cancel the request within those 20 minutes, subject to balance.',
    answer_ar: 'تُعالج استردادات معاملات اليوم نفسه بعد ٢٠ دقيقة، ويمكنك إلغاء الطلب خلال هذه المدة بحسب الرصيد المتاح.',
  },
  {
    category: 'refunds',
    question: 'Why was a mobile wallet refund not processed?',
    question_ar: 'لماذا لم يُعالَج استرداد دفعة المحفظة الإلكترونية؟',
    answer:
      'Refunds of mobile-wallet payments made with the local debit network are not processed by the gateway; refund the customer directly.',
    answer_ar:
      'لا تعالج البوابة استرداد مدفوعات المحفظة الإلكترونية التي تمت عبر شبكة الخصم المحلية؛ يرجى إعادة المبلغ للعميل مباشرة.',
  },
  {
    category: 'invoices',
    question: 'What is an open invoice?',
    question_ar: 'ما هي الفاتورة المفتوحة؟',
    answer:
      'An open invoice is a reusable payment link with a fixed amount, or an open amount between a minimum and a maximum that the payer chooses.',
    answer_ar:
      'الفاتورة المفتوحة رابط دفع يمكن استخدامه أكثر من مرة بمبلغ ثابت، أو بمبلغ يختاره الدافع بين حد أدنى وحد أقصى.',
  },
  {
    category: 'invoices',
    question: 'How long does an SMS payment link stay active?',
    question_ar: 'ما مدة صلاحية رابط الدفع المرسل بالرسالة النصية؟',
    answer: 'As long as the SMS active duration of the service, in minutes; 0 means the link never expires.',
    answer_ar: 'بحسب مدة صلاحية الرسالة المحددة للخدمة بالدقائق، والقيمة صفر تعني أن الرابط لا تنتهي صلاحيته.',
  },
  {
    category: 'account',
    question: 'How do I give an employee access?',
    question_ar: 'كيف أمنح موظفاً صلاحية الدخول؟',
    answer:
      'Open Employees, add the employee with a strong password, and tick the permissions they need. At least one permission is required.',
    answer_ar:
      'افتح الموظفين وأضف الموظف بكلمة مرور قوية، ثم اختر الصلاحيات التي يحتاجها. يلزم اختيار صلاحية واحدة على الأقل.',
  },
  {
    category: 'account',
    question: 'Why do I see a compliance warning?',
    question_ar: 'لماذا يظهر لي تنبيه الامتثال؟',
    answer:
      'A compliance document is rejected, expired or expires within 30 days. Upload a valid copy, valid for at least 4 months, under Compliance.',
    answer_ar:
      'أحد مستندات الامتثال مرفوض أو منتهي أو تنتهي صلاحيته خلال ٣٠ يوماً. ارفع نسخة سارية لمدة ٤ أشهر على الأقل من صفحة الامتثال.',
  },
  {
    category: 'security',
    question: 'How do I keep my account secure?',
    question_ar: 'كيف أحافظ على أمان حسابي؟',
    answer:
      'Use a strong password, never share your secret key, and sign out on shared computers. You are signed out automatically after a period of inactivity.',
    answer_ar:
      'استخدم كلمة مرور قوية ولا تشارك مفتاحك السري، وسجّل الخروج على الأجهزة المشتركة. يتم تسجيل خروجك تلقائياً بعد فترة من عدم النشاط.',
  },
];

/** The help's demo guides, in the order they are shown, each with the slug of its video. */
const DEMO_GUIDES: (Omit<EntityCreate<'demo_guide'>, 'order' | 'video_url'> & { slug: string })[] = [
  {
    title: 'Create and send an invoice',
    title_ar: 'إنشاء فاتورة وإرسالها',
    description: 'A two-minute walk through a quick invoice, from the customer’s details to the SMS link.',
    description_ar: 'جولة في دقيقتين لإنشاء فاتورة سريعة، من بيانات العميل حتى رابط الرسالة النصية.',
    slug: 'create-invoice',
  },
  {
    title: 'Refunds and captures',
    title_ar: 'الاسترداد وتحصيل المبالغ',
    description: 'Refund a payment in full or in part, and capture authorised payments.',
    description_ar: 'استرداد دفعة كلياً أو جزئياً، وتحصيل المدفوعات المعتمدة.',
    slug: 'refunds-captures',
  },
  {
    title: 'Set up payment notifications',
    title_ar: 'إعداد إشعارات الدفع',
    description: 'Add a webhook URL and notification e-mails, and enable push notifications for sub-users.',
    description_ar: 'إضافة رابط Webhook وعناوين البريد للإشعارات، وتفعيل الإشعارات الفورية للمستخدمين الفرعيين.',
    slug: 'payment-notifications',
  },
  {
    title: 'Sell online with sales lists',
    title_ar: 'البيع عبر الإنترنت بقوائم البيع',
    description: 'Build a sales list from your products and share its link with customers.',
    description_ar: 'أنشئ قائمة بيع من منتجاتك وشارك رابطها مع العملاء.',
    slug: 'sales-lists',
  },
];

async function seedHelp(demo: DemoWriter): Promise<void> {
  for (const [i, question] of FAQ.entries()) await demo.create('faq', { values: { ...question, order: i + 1 } });
  for (const [i, { slug, ...guide }] of DEMO_GUIDES.entries()) {
    await demo.create('demo_guide', {
      values: { ...guide, video_url: `https://help.bawaba.example/guides/${slug}`, order: i + 1 },
    });
  }
}

/** Everything of the demo merchant's account, multi-vendor and compliance screens. */
export async function seedDemoMerchantAccount(demo: DemoWriter, merchant: Merchant): Promise<void> {
  await demo.own('merchant', ownProfile(merchant));
  await demo.own('notification_setting', {
    values: {
      push_enabled: true,
      push_sub_users: true,
      email_on_payment: true,
      payment_notification_emails: 'accounts@alnoor-trading.com.kw, hessa@alnoor-trading.com.kw',
      sms_on_payment: false,
      notify_on_refund: true,
      webhook_url: 'https://hooks.alnoor-trading.test/bawaba/webhook',
    },
  });
  await seedOwnServices(demo);
  await seedSubMerchants(demo, merchant, SUB_MERCHANTS);
  await seedCompliance(demo);
  await seedSignatories(demo);
  await seedDocuments(demo);
  await seedNotifications(demo, NOTIFICATIONS.length);
  await seedHelp(demo);
}

/** The multi-vendor merchant's profile, its sub-merchants with their services, a few notifications, and the help content. */
export async function seedVendorAccount(demo: DemoWriter, vendor: Merchant): Promise<void> {
  await demo.own('merchant', {
    values: {
      name: vendor.name,
      name_ar: vendor.name_ar ?? '',
      brand_name: vendor.brand_name ?? undefined,
      company_name: 'Gulf Souq Marketplace Company K.S.C.C.',
      legal_shape: 'closed_shareholding',
      contact_name: vendor.contact_name ?? undefined,
      email: 'hello@gulfsouq.com.kw',
      mobile: '22456789',
      country: 'KW',
      bank_name: 'Kuwait Finance House',
      iban: 'KW39KFHO0000000000051010045670',
      ...SOCIAL('gulfsouq'),
    },
    system: accountValues(vendor),
  });
  await seedSubMerchants(demo, vendor, VENDOR_SUB_MERCHANTS);
  await seedNotifications(demo, 4);
  await seedHelp(demo);
}
