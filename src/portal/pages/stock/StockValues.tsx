import Box from '@mui/material/Box';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { getEntitySchema } from '../../../schema/registry';
import { STOCK_MARKS, type StockRow } from '../../../shared/stock-listing';
import { formatNumber } from '../../resources/format';
import { useRecordTitle } from '../../resources/recordTitle';
import { RecordValue } from '../../resources/RecordValue';
import { StatusChip } from '../../resources/StatusChip';
import { UNBROKEN_CLASS } from '../../theme/valueStyles';

/** A row of the listing as react-admin holds it. */
export type StockRecord = StockRow & RaRecord;

/** A count in the user's language, on one line with figures of one width. */
export function FigureText({ value }: { value: number }) {
  const [language = 'en'] = useLocaleState();
  return <span className={UNBROKEN_CLASS}>{formatNumber(value, language)}</span>;
}

/** The mark of a product out of stock (error) or low (warning); none for one in stock. */
export function StockMark({ record }: { record: StockRecord }) {
  const translate = useTranslate();
  const tone = STOCK_MARKS[record.level];
  return tone ? <StatusChip label={translate(`app.stock_listing.levels.${record.level}`)} tone={tone} /> : null;
}

/** The units left, with the product's mark before them. */
export function StockLeft({ record }: { record: StockRecord }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <StockMark record={record} />
      <FigureText value={record.stock} />
    </Box>
  );
}

/** The product's picture, as its list shows it, or its place kept when it has none. */
export function ProductImage({ record }: { record: StockRecord }) {
  return (
    <Box sx={{ flex: '0 0 auto', width: 48, height: 48, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
      <RecordValue entity={getEntitySchema('product')} path="image" record={record} />
    </Box>
  );
}

/** The product's picture and its title in the user's language (its English one when that is all it has). */
export function ProductTitle({ record }: { record: StockRecord }) {
  const titleOf = useRecordTitle(getEntitySchema('product'));
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
      <ProductImage record={record} />
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {titleOf(record)}
      </Box>
    </Box>
  );
}
