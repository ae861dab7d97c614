import type { EntityCreate } from '../../generated/entities';
import { quietly } from '../audit/context';
import type { ServerContext } from '../context';
import { holdStartupLock, type Queryable } from '../db/database';
import { createMerchant } from '../merchants/merchants';
import { allPermissions, noPermissions } from '../merchants/permissions';
import { allServices } from '../merchants/services';
import { DEMO_ACCOUNTS } from './accounts';
import { demoInvoices } from './demo-invoices';
import { seedDemoMerchantAccount, seedVendorAccount } from './demo-merchant';
import { seedDemoPayments } from './demo-payments';
import { seedDemoProperty } from './demo-property';
import { planDemoOrders } from './demo-orders';
import { seedDemoCatalogue, seedDemoSales } from './demo-sales';
import { seedDemoFees, seedDemoSaleFees } from './demo-fees';
import { DemoWriter } from './demo-writer';
import { seedFlowContext } from './flow-context';
import { seededRandom } from './random';

/**
 * Demo data for a fresh installation: a merchant with every service on, its employees (one with
 * invoice and report rights only), and a multi-vendor merchant with sub-merchants and its own rows
 * so that merchant isolation is visible. Runs only when there is no merchant at all.
 */

async function seedDemoMerchant(ctx: ServerContext, tx: Queryable): Promise<void> {
  const merchant = await createMerchant(tx, {
    name: 'Al Noor Trading Co.',
    name_ar: 'شركة النور للتجارة',
    brand_name: 'Al Noor Trading',
    contact_name: 'Hessa Al-Noori',
    email: DEMO_ACCOUNTS.merchant.email,
    password: DEMO_ACCOUNTS.merchant.password,
    is_multi_vendor: true,
    services: allServices(true),
  });
  const demo = new DemoWriter(ctx, tx, merchant.id);
  // The merchant's profile and own services first: its payments are held to them.
  await seedDemoMerchantAccount(demo, merchant);
  // Its fees too, as support sets them: its payments carry what they come to.
  await seedDemoFees(ctx, tx, DEMO_ACCOUNTS.merchant.email);
  // Its catalogue and sale lists, and their charges, before the months of payments: its customers
  // order from the lists on the same timeline.
  const sales = await seedDemoSales(demo);
  await seedDemoSaleFees(ctx, tx, DEMO_ACCOUNTS.merchant.email);
  const orders = seededRandom(3_100);
  await seedDemoPayments(demo, {
    seed: 9651,
    invoices: demoInvoices(seededRandom(965), 40),
    transactions: 110,
    subMerchants: ['Salmiya Branch', 'فرع الجهراء', 'Avenues Kiosk'],
    holdTransfers: { email: DEMO_ACCOUNTS.merchant.email, daysAgo: 2, reason: 'Compliance document review' },
    plan: (timeline) => planDemoOrders(timeline, demo, orders, sales),
  });
  await seedDemoProperty(demo);

  const all = allPermissions();
  const employees: EntityCreate<'employee'>[] = [
    {
      name: 'Bader Al-Shatti',
      email: DEMO_ACCOUNTS.staff.email,
      password: DEMO_ACCOUNTS.staff.password,
      designation: 'Cashier',
      permissions: {
        ...noPermissions(),
        general: ['dashboard', 'invoices', 'reports'],
        sms: ['single_sms', 'bulk_sms'],
        report: all.report,
      },
    },
    {
      name: 'ليلى الهاجري',
      email: 'layla@demo.test',
      password: 'Layla@1234',
      designation: 'Accountant',
      permissions: { ...noPermissions(), general: ['dashboard', 'reports'], report: all.report },
    },
    {
      name: 'Faisal Al-Ajmi',
      email: 'faisal@demo.test',
      password: 'Faisal@1234',
      designation: 'Sales manager',
      permissions: { ...noPermissions(), general: ['dashboard', 'sales'], sales: all.sales },
    },
    {
      name: 'Rania Haddad',
      email: 'rania@demo.test',
      password: 'Rania@1234',
      designation: 'Office manager',
      permissions: {
        ...noPermissions(),
        general: ['dashboard', 'employees', 'invoices', 'settings'],
        sms: ['single_sms'],
      },
    },
  ];
  for (const employee of employees) await demo.create('employee', { values: employee });
}

async function seedVendor(ctx: ServerContext, tx: Queryable): Promise<void> {
  const services = { ...allServices(true), pos_terminal: false, property_management: false, delivery_invoice: false };
  const vendor = await createMerchant(tx, {
    name: 'Gulf Souq Marketplace',
    name_ar: 'سوق الخليج',
    brand_name: 'Gulf Souq',
    contact_name: 'Mishal Al-Rashed',
    email: DEMO_ACCOUNTS.vendor.email,
    password: DEMO_ACCOUNTS.vendor.password,
    is_multi_vendor: true,
    services,
  });
  for (const [name, name_ar] of [
    ['Mubarakiya Sweets', 'حلويات المباركية'],
    ['Gulf Coffee Roasters', 'محمصة قهوة الخليج'],
  ]) {
    await createMerchant(tx, { name, name_ar, brand_name: name, parent_id: vendor.id, services });
  }
  const demo = new DemoWriter(ctx, tx, vendor.id);
  // Its profile first: its payment transfers go to the bank account there.
  await seedVendorAccount(demo, vendor);
  await seedDemoPayments(demo, {
    seed: 2027,
    invoices: demoInvoices(seededRandom(2026), 6, 60),
    transactions: 24,
    subMerchants: ['Mubarakiya Sweets', 'Gulf Coffee Roasters'],
  });
  await seedDemoCatalogue(demo, 3);
  await demo.create('employee', {
    values: {
      name: 'Dana Al-Qattan',
      email: 'dana@vendor.demo.test',
      password: 'Dana@1234',
      designation: 'Vendor support',
      // Sending an invoice by SMS needs the single SMS permission besides the invoices'.
      permissions: { ...noPermissions(), general: ['dashboard', 'invoices'], sms: ['single_sms'] },
    },
  });
}

/**
 * Seeds the demo merchants when the database has no merchant yet; returns whether it did. Under
 * the startup lock: of servers starting together on an empty database, only the first seeds. The
 * demo data is not anybody's doing: it leaves no rows in the activity log, which starts with what
 * people do.
 */
export async function seedDemo(ctx: ServerContext): Promise<boolean> {
  return quietly(() =>
    ctx.db.transaction(async (tx) => {
      await holdStartupLock(tx);
      const [{ count }] = await tx.query<{ count: number }>(`select count(*)::integer as count from merchants`);
      if (count > 0) return false;
      // The demo's payments go through the product's flows, each a savepoint of this transaction.
      const flows = seedFlowContext(ctx, tx);
      await seedDemoMerchant(flows, tx);
      await seedVendor(flows, tx);
      return true;
    }),
  );
}
