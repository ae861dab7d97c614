import { styled } from '@mui/material/styles';
import { memo, type ReactNode } from 'react';
import { ListNoResults, SimpleListLoading, WithListContext, type Identifier, type RaRecord } from 'react-admin';
import { Link } from 'react-router';
import type { EntitySchema } from '../../../schema/types';
import { isBlank, RecordValue, valueAt } from '../RecordValue';

/** Which columns a phone's item shows where; `undefined` where the entity has none of that kind. */
export interface CompactParts {
  entity: EntitySchema;
  title?: string;
  amount?: string;
  status?: string;
  next?: string;
  image?: string;
  link: ((id: Identifier) => string) | false;
}

/**
 * The items' look, once for the whole list: the spacing, type and hover of MUI's list items, as
 * rules on plain elements. A page of 25 items is then 25 links, not 25 styled list items, buttons
 * with ripples and text blocks, each with its own hooks and style work. The item's title is its
 * link, stretched over the whole item, so a link inside the item (a product's category) stays a
 * link of its own rather than one nested in another.
 */
const Items = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: theme.spacing(1, 0),
  '& > li.bw-item': {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(2),
    padding: theme.spacing(1, 2),
  },
  '& > li.bw-item:has(> .bw-item-text .bw-item-link):hover': { backgroundColor: theme.palette.action.hover },
  '& .bw-item-link': { color: 'inherit', textDecoration: 'none', outline: 0 },
  '& .bw-item-link::after': { content: '""', position: 'absolute', inset: 0 },
  '& .bw-item-link:focus-visible::after': {
    backgroundColor: theme.palette.action.focus,
    boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}`,
  },
  '& .bw-item a:not(.bw-item-link), & .bw-item button': { position: 'relative', zIndex: 1 },
  '& .bw-item-text': { flex: '1 1 auto', minWidth: 0, margin: theme.spacing(0.5, 0) },
  '& .bw-item-line': {
    ...theme.typography.body1,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    columnGap: theme.spacing(2),
  },
  '& .bw-item-figure': { fontWeight: 600, color: theme.palette.text.primary, marginInlineStart: 'auto' },
  '& .bw-item-meta': {
    ...theme.typography.body2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: theme.spacing(1),
    marginTop: theme.spacing(0.5),
    color: theme.palette.text.secondary,
  },
  // Items with a picture keep its place when one has none, so their titles line up.
  '& .bw-item-image': {
    flex: '0 0 auto',
    width: 48,
    height: 48,
    borderRadius: theme.shape.borderRadius,
    overflow: 'hidden',
    backgroundColor: theme.palette.action.hover,
  },
}));

/** What an item without a title shows in its place, as the record pages do for an empty value. */
const EMPTY = '—';

/** One record's item: its title with its amount at the end of the line, then its status and one more value. */
const Item = memo(function Item({ record, parts }: { record: RaRecord; parts: CompactParts }) {
  const { entity, title, amount, status, next, image, link } = parts;
  const value = (name: string | undefined): ReactNode =>
    name ? <RecordValue entity={entity} path={name} record={record} /> : null;
  const heading = title !== undefined && !isBlank(valueAt(record, title)) ? value(title) : EMPTY;
  return (
    <li className="bw-item">
      {image && <span className="bw-item-image">{value(image)}</span>}
      <span className="bw-item-text">
        <span className="bw-item-line">
          {link ? (
            <Link className="bw-item-link" to={link(record.id)} state={{ _scrollToTop: true }}>
              {heading}
            </Link>
          ) : (
            <span>{heading}</span>
          )}
          {amount && <span className="bw-item-figure">{value(amount)}</span>}
        </span>
        {(status || next) && (
          <span className="bw-item-meta">
            {value(status)}
            {next && <span>{value(next)}</span>}
          </span>
        )}
      </span>
    </li>
  );
});

/**
 * The phone's list (react-admin's `SimpleList`, drawn lighter): the skeleton while the first page
 * loads, "no results" when nothing matches, else an item per record that is a link to its page.
 */
export function CompactItems({ parts }: { parts: CompactParts }) {
  return (
    <WithListContext<RaRecord>
      loading={<SimpleListLoading hasLeftAvatarOrIcon={parts.image !== undefined} hasSecondaryText hasTertiaryText />}
      empty={<ListNoResults />}
      render={({ data }) => (
        <Items className="RaSimpleList-root">
          {data?.map((record) => (
            <Item key={record.id} record={record} parts={parts} />
          ))}
        </Items>
      )}
    />
  );
}
