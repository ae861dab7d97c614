import type { EntitySchema } from '../../src/schema/types';

/**
 * A report-like entity used only by tests of the list keywords: `x-resource.operations` (list and
 * show only), `views` (a fixed filter, a route parameter, gates and a date range of their own),
 * `group`, and `x-list.dateRange` (at most 6 months). Its resource gate (`settings`, a permission of
 * the employee schema like any gate) is one the demo staff lacks, while its `incomplete` view asks
 * for `reports`, which they have.
 */
export const REPORT = 'settlement';

export const reportSchema: EntitySchema = {
  $id: REPORT,
  title: 'Settlement',
  type: 'object',
  'x-resource': {
    table: 'test_settlements',
    endpoint: '/test/settlements',
    routes: { list: '/test/settlement-list', show: '/test/settlement/:id' },
    operations: ['list', 'show'],
    permission: 'settings',
    group: 'reports',
    views: {
      incomplete: {
        route: '/test/incomplete',
        filter: { status: 'incomplete' },
        columns: ['reference_no', 'amount', 'created_at'],
        dateRange: { field: 'created_at', maxDays: 7, withinDays: 7 },
        permission: 'reports',
      },
      terminal: { route: '/test/terminal/:terminal_id', filter: { terminal_id: ':terminal_id' } },
      on_hold: { route: '/test/on-hold', filter: { on_hold: true }, service: 'pos_terminal' },
    },
  },
  'x-list': {
    columns: ['reference_no', 'amount', 'status', 'terminal_id', 'created_at'],
    filters: ['q', 'status', 'created_at'],
    search: ['reference_no'],
    sort: ['created_at', 'DESC'],
    dateRange: { field: 'created_at', maxMonths: 6 },
  },
  required: ['reference_no', 'amount'],
  properties: {
    id: { type: 'integer', readOnly: true },
    reference_no: { type: 'string', maxLength: 40 },
    amount: { type: 'string', format: 'kwd' },
    status: { type: 'string', enum: ['success', 'failed', 'incomplete'], default: 'success' },
    terminal_id: { type: 'integer' },
    on_hold: { type: 'boolean', default: false },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
  },
};
