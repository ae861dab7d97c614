/**
 * Back-office pages that are neither a resource's screens nor an own record's: each at its SPEC §2
 * path, behind the gate of the entity it reports on, listed in that menu group. Paths only (no
 * React), so the shell knows them as protected without downloading the back office.
 */
export interface PageDeclaration {
  path: string;
  /** Entity whose gate (service, permission) the page follows, as the API route it reads does. */
  entity: string;
  group: string;
  /** Catalogue key of the page's title, also its menu label. */
  titleKey: string;
  /** The resource whose menu entries the page's follows in its group; else it comes last. */
  after?: string;
}

export const REPORT_PAGES: PageDeclaration[] = [
  { path: '/asset/report', entity: 'asset', group: 'property', titleKey: 'app.asset_report.title' },
  { path: '/transaction-enquiry', entity: 'transaction', group: 'reports', titleKey: 'app.transaction_enquiry.title' },
  {
    path: '/report/dynamic-commission',
    entity: 'transaction',
    group: 'reports',
    titleKey: 'app.dynamic_commission.title',
  },
  {
    path: '/report/merchant-statement',
    entity: 'transaction',
    group: 'reports',
    titleKey: 'app.merchant_statement.title',
  },
  { path: '/report/merchant-usage', entity: 'transaction', group: 'reports', titleKey: 'app.merchant_usage.title' },
  {
    path: '/sales/stock-listing',
    entity: 'product',
    group: 'sales',
    titleKey: 'app.stock_listing.title',
    after: 'product',
  },
  {
    path: '/invoice/collections',
    entity: 'invoice',
    group: 'invoices',
    titleKey: 'app.collections.title',
    after: 'invoice',
  },
];

/** A back-office page opened from records (`x-resource.links`), at a path with parameters; not in the menu. */
export interface RecordPageDeclaration {
  path: string;
  /** Entity whose record gate (`show`) the page follows, as the API route it reads does. */
  entity: string;
  /** Catalogue key of the page's title. */
  titleKey: string;
}

export const RECORD_PAGES: RecordPageDeclaration[] = [
  { path: '/money-trail/:entity/:id', entity: 'transaction', titleKey: 'app.money_trail.title' },
];
