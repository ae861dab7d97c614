import { styled } from '@mui/material/styles';
import { ListNoResults, SimpleListLoading, useTranslate, WithListContext } from 'react-admin';
import { Link } from 'react-router';
import { getEntitySchema } from '../../../schema/registry';
import { STOCK_FIGURES } from '../../../shared/stock-listing';
import { useRecordTitle } from '../../resources/recordTitle';
import { screenPath } from '../../resources/screenPaths';
import { FigureText, ProductImage, StockMark, type StockRecord } from './StockValues';

/**
 * The items' look: a phone's list item of the other lists (`CompactItems`), the title a link
 * stretched over the item, the counts as a line of label and figure pairs that wraps.
 */
const Items = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: theme.spacing(1, 0),
  '& > li': {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(2),
    padding: theme.spacing(1, 2),
  },
  '& > li:hover': { backgroundColor: theme.palette.action.hover },
  '& .bw-item-text': { flex: '1 1 auto', minWidth: 0 },
  '& .bw-item-line': {
    ...theme.typography.body1,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: theme.spacing(1),
  },
  '& .bw-item-link': { color: 'inherit', textDecoration: 'none', overflowWrap: 'anywhere', outline: 0 },
  '& .bw-item-link::after': { content: '""', position: 'absolute', inset: 0 },
  '& .bw-item-link:focus-visible::after': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
  '& dl': {
    ...theme.typography.body2,
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: theme.spacing(2),
    rowGap: theme.spacing(0.5),
    margin: theme.spacing(0.5, 0, 0),
    color: theme.palette.text.secondary,
  },
  '& dl > div': { display: 'flex', gap: theme.spacing(0.5) },
  '& dd': { margin: 0, color: theme.palette.text.primary, fontWeight: 600 },
}));

function Item({ record }: { record: StockRecord }) {
  const translate = useTranslate();
  const product = getEntitySchema('product');
  const titleOf = useRecordTitle(product);
  const figures = [['stock', record.stock], ...STOCK_FIGURES.map((name) => [name, record[name]] as const)] as const;
  return (
    <li>
      <ProductImage record={record} />
      <div className="bw-item-text">
        <div className="bw-item-line">
          <Link className="bw-item-link" to={screenPath(product, 'show', record.id)} state={{ _scrollToTop: true }}>
            {titleOf(record)}
          </Link>
          <StockMark record={record} />
        </div>
        <dl>
          {figures.map(([name, value]) => (
            <div key={name}>
              <dt>{translate(`app.stock_listing.${name}`)}</dt>
              <dd>
                <FigureText value={value} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  );
}

/** The phone's listing: an item per product, led by its picture and title, then its counts. */
export function StockItems() {
  return (
    <WithListContext<StockRecord>
      loading={<SimpleListLoading hasLeftAvatarOrIcon hasSecondaryText />}
      empty={<ListNoResults />}
      render={({ data }) => (
        <Items>
          {data?.map((record) => (
            <Item key={record.id} record={record} />
          ))}
        </Items>
      )}
    />
  );
}
