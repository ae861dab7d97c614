/** The demo sign-ins a fresh installation starts with (printed at start, used by tests). */
export const DEMO_ACCOUNTS = {
  merchant: { email: 'merchant@demo.test', password: 'Demo@1234', note: 'merchant admin, every service on' },
  staff: { email: 'staff@demo.test', password: 'Staff@1234', note: 'employee: invoices and reports only' },
  vendor: { email: 'vendor@demo.test', password: 'Vendor@1234', note: 'multi-vendor merchant with two sub-merchants' },
} as const;
