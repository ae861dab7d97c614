import { useMemo } from 'react';
import { DataTable, SelectInput, useLocaleState } from 'react-admin';
import { titleProperty } from '../../../schema/recordPage';
import { getEntitySchema } from '../../../schema/registry';
import { STOCK_DEFAULT_SORT, STOCK_LEVELS } from '../../../shared/stock-listing';
import { listFilters } from '../../resources/filters/listFilters';
import { ComputedList } from '../ComputedList';
import { screenPath } from '../../resources/screenPaths';
import { usePortalEntities } from '../../resources/usePortalEntities';
import { FigureText, ProductTitle, StockLeft, type StockRecord } from './StockValues';
import { StockItems } from './StockItems';

/** The products' own filters (search, category, bar code), then their stock level. */
function useFilters() {
  return useMemo(
    () => [
      ...listFilters(getEntitySchema('product')),
      <SelectInput
        key="level"
        source="level"
        label="app.stock_listing.level"
        choices={STOCK_LEVELS.map((level) => ({ id: level, name: `app.stock_listing.levels.${level}` }))}
      />,
    ],
    [],
  );
}

/**
 * A figure's column: its count at the cell's end, sorted by the server; the orders' counts most
 * first, the stock and threshold fewest first (what needs restocking).
 */
const figureColumn = (source: 'stock' | 'reserved' | 'sold' | 'low_stock_at', label: string) => (
  <DataTable.Col<StockRecord>
    key={source}
    source={source}
    label={label}
    align="right"
    sortByOrder={source === 'reserved' || source === 'sold' ? 'DESC' : 'ASC'}
    render={(record) => (source === 'stock' ? <StockLeft record={record} /> : <FigureText value={record[source]} />)}
  />
);

/** The table of wider screens: a row per product, opening its page. */
function StockTable() {
  const [language = 'en'] = useLocaleState();
  const product = getEntitySchema('product');
  const entities = usePortalEntities();
  const title = titleProperty(product, entities, language) ?? 'title';
  return (
    <DataTable<StockRecord> rowClick={(id) => screenPath(product, 'show', id)} bulkActionButtons={false}>
      <DataTable.Col<StockRecord>
        source={title}
        label="app.stock_listing.product"
        render={(record) => <ProductTitle record={record} />}
      />
      {figureColumn('stock', 'app.stock_listing.stock')}
      {figureColumn('reserved', 'app.stock_listing.reserved')}
      {figureColumn('sold', 'app.stock_listing.sold')}
      {figureColumn('low_stock_at', 'resources.product.fields.low_stock_at')}
    </DataTable>
  );
}

/**
 * The stock listing (`/sales/stock-listing`): the merchant's products with the units each has
 * left, the units unpaid orders hold and the units paid orders took, counted by the API from the
 * orders (`GET /v1/sales/stock-listing`), out-of-stock and low ones marked. A list of products
 * like the products' own: their search and filters, plus the stock level; sorted and paged by the
 * server, kept in the address; a table on wide screens, an item per product on phones.
 */
export default function StockListing() {
  const filters = useFilters();
  return (
    <ComputedList
      resource="product"
      storeKey="product.stockListing"
      title="app.stock_listing.title"
      list="stock_listing"
      sort={STOCK_DEFAULT_SORT}
      filters={filters}
      wide={<StockTable />}
      narrow={<StockItems />}
    />
  );
}
