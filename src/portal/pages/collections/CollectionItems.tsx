import { styled } from '@mui/material/styles';
import { ListNoResults, SimpleListLoading, useTranslate, WithListContext } from 'react-admin';
import { Debtor, DueDate, Kwd, LastReminder, Overdue, RowActions, type CollectionRecord } from './CollectionValues';

/** A phone's item per row: who owes what, how overdue, the last reminder, and the row's actions. */
const Items = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: theme.spacing(1, 0),
  '& > li': {
    display: 'flex',
    flexDirection: 'column',
    gap: theme.spacing(0.75),
    padding: theme.spacing(1.5, 2),
    borderBottom: `1px solid ${theme.palette.divider}`,
  },
  '& .bw-item-line': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    columnGap: theme.spacing(1),
    rowGap: theme.spacing(0.5),
  },
  '& dl': {
    ...theme.typography.body2,
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: theme.spacing(2),
    rowGap: theme.spacing(0.5),
    margin: 0,
    color: theme.palette.text.secondary,
  },
  '& dl > div': { display: 'flex', gap: theme.spacing(0.5), flexWrap: 'wrap' },
  '& dd': { margin: 0, color: theme.palette.text.primary },
}));

function Item({ record }: { record: CollectionRecord }) {
  const translate = useTranslate();
  return (
    <li>
      <div className="bw-item-line">
        <Debtor record={record} />
        <strong>
          <Kwd amount={record.amount} />
        </strong>
      </div>
      <div className="bw-item-line">
        <Overdue record={record} />
      </div>
      <dl>
        <div>
          <dt>{translate('app.collections.due_date')}</dt>
          <dd>
            <DueDate record={record} />
          </dd>
        </div>
        <div>
          <dt>{translate('app.collections.last_reminder')}</dt>
          <dd>
            <LastReminder record={record} />
          </dd>
        </div>
      </dl>
      <div>
        <RowActions record={record} />
      </div>
    </li>
  );
}

/** The phone's list of what is owed. */
export function CollectionItems() {
  return (
    <WithListContext<CollectionRecord>
      loading={<SimpleListLoading hasSecondaryText />}
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
