import { useMemo } from 'react';
import { DataTable, SelectInput } from 'react-admin';
import { COLLECTION_BUCKETS, COLLECTION_KINDS, COLLECTIONS_DEFAULT_SORT } from '../../../shared/collections';
import { SearchFilterInput } from '../../resources/filters/SearchFilterInput';
import { ComputedList } from '../ComputedList';
import { CollectionItems } from './CollectionItems';
import { CollectionTotalsBar } from './CollectionTotalsBar';
import { Debtor, DueDate, Kwd, LastReminder, Overdue, RowActions, type CollectionRecord } from './CollectionValues';

/** The search (a reference or a name), then what kind of thing is owed and how old it is. */
function useFilters() {
  return useMemo(
    () => [
      <SearchFilterInput key="q" source="q" alwaysOn />,
      <SelectInput
        key="kind"
        source="kind"
        label="app.collections.kind"
        choices={COLLECTION_KINDS.map((kind) => ({ id: kind, name: `app.collections.kinds.${kind}` }))}
      />,
      <SelectInput
        key="bucket"
        source="bucket"
        label="app.collections.bucket"
        choices={COLLECTION_BUCKETS.map((bucket) => ({ id: bucket, name: `app.collections.buckets.${bucket}` }))}
      />,
    ],
    [],
  );
}

/** The table of wider screens: who owes what, since when, the last reminder and the row's actions. */
function CollectionTable() {
  return (
    <DataTable<CollectionRecord> rowClick={false} bulkActionButtons={false}>
      <DataTable.Col<CollectionRecord>
        source="customer_name"
        label="app.collections.customer"
        render={(record) => <Debtor record={record} />}
      />
      <DataTable.Col<CollectionRecord>
        source="amount"
        label="app.collections.amount"
        align="right"
        sortByOrder="DESC"
        render={(record) => <Kwd amount={record.amount} />}
      />
      <DataTable.Col<CollectionRecord>
        source="days_overdue"
        label="app.collections.days_overdue"
        sortByOrder="DESC"
        render={(record) => <Overdue record={record} />}
      />
      <DataTable.Col<CollectionRecord>
        source="due_date"
        label="app.collections.due_date"
        render={(record) => <DueDate record={record} />}
      />
      <DataTable.Col<CollectionRecord>
        source="last_reminder_at"
        label="app.collections.last_reminder"
        disableSort
        render={(record) => <LastReminder record={record} />}
      />
      <DataTable.Col<CollectionRecord>
        source="id"
        label="app.transition.actions"
        disableSort
        render={(record) => <RowActions record={record} />}
      />
    </DataTable>
  );
}

/**
 * The collections view (`/invoice/collections`, under Invoices): everything owed to the merchant
 * in one list — unpaid SMS invoices, fixed open invoices nobody paid, parts of split, instalment
 * and group invoices, failed subscription charges, rent invoices and deposits — longest overdue
 * first, with the totals per age bucket above it, all computed by the API with the list's filter
 * (`GET /v1/invoice/collections` and its `/totals`). Each row sends a reminder (once a day) or
 * opens its record. A table on wide screens, an item per row on phones; nothing scrolls sideways.
 */
export default function Collections() {
  const filters = useFilters();
  return (
    <ComputedList
      resource="collection"
      storeKey="collection.list"
      title="app.collections.title"
      list="collections"
      sort={COLLECTIONS_DEFAULT_SORT}
      filters={filters}
      above={<CollectionTotalsBar />}
      wide={<CollectionTable />}
      narrow={<CollectionItems />}
    />
  );
}
