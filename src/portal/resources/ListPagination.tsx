import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import { alpha, type CSSObject, type Theme } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { useListPaginationContext, useTranslate } from 'react-admin';
import { pageItems } from './list/pageItems';
import { rowRange } from './list/rowRange';

/** The page sizes a user may choose, the list's own among them. */
const PAGE_SIZES = [10, 25, 50, 100];

/**
 * The look of a list's pages, once for the bar (in its `sx`, bare numbers of padding are theme
 * units, so lengths are written in pixels): MUI's table pagination, its page size a native choice
 * and its page buttons round; on a phone, the range and the previous and next buttons only, each a
 * finger's width. The arrows point the way the pages run: leftwards in Arabic.
 */
function paginationStyles(theme: Theme): CSSObject {
  const { palette, typography, breakpoints, shape, transitions, direction } = theme;
  return {
    ...typography.body2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    columnGap: '24px',
    minHeight: 52,
    padding: '0 8px',
    color: palette.text.primary,
    '& p': { margin: 0 },
    '& label': {
      display: 'flex',
      alignItems: 'center',
      gap: '8px',
      [breakpoints.down('md')]: { display: 'none' },
    },
    '& select': {
      font: 'inherit',
      color: 'inherit',
      padding: '4px 6px',
      border: `1px solid ${palette.divider}`,
      borderRadius: `${shape.borderRadius}px`,
      background: palette.background.paper,
      cursor: 'pointer',
    },
    '& ul': { display: 'flex', alignItems: 'center', gap: '2px', margin: 0, padding: 0, listStyle: 'none' },
    '& li.bw-page-number': { [breakpoints.down('md')]: { display: 'none' } },
    '& li > span': { display: 'inline-block', minWidth: 32, textAlign: 'center' },
    '& button': {
      ...typography.body2,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minWidth: 32,
      height: 32,
      padding: '0 6px',
      margin: 0,
      border: 0,
      borderRadius: '16px',
      background: 'none',
      color: 'inherit',
      cursor: 'pointer',
      transition: transitions.create('background-color', { duration: transitions.duration.short }),
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 1 },
      '&[aria-current="page"]': { backgroundColor: alpha(palette.primary.main, palette.action.selectedOpacity) },
      '&:disabled': { opacity: palette.action.disabledOpacity, cursor: 'default', backgroundColor: 'transparent' },
      '& > svg': {
        width: 24,
        height: 24,
        fill: 'currentColor',
        transform: direction === 'rtl' ? 'scaleX(-1)' : undefined,
      },
      [breakpoints.down('md')]: { minWidth: 48, height: 48, borderRadius: '50%' },
    },
  };
}

/** The previous or next page's button. */
function PageStep({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactElement;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <li>
      <button type="button" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
        {icon}
      </button>
    </li>
  );
}

/**
 * A list's pages: how many rows a page holds, which rows are in view ("1-25 of 191"), and the way
 * to the previous, next and any other page, every name in the user's language. Nothing while the
 * first page loads (the bar's place is kept), and nothing when there are no rows to page through.
 * Plain elements under the bar's one style, where MUI's would be a select with its menu and a
 * styled button with a ripple for each page.
 */
export function ListPagination() {
  const { isPending, hasNextPage, page, perPage, total, setPage, setPerPage } = useListPaginationContext();
  const translate = useTranslate();
  if (isPending) return <Box sx={{ minHeight: 52 }} />;
  const pages = total == null ? undefined : Math.ceil(total / perPage);
  if (total === 0 || page < 1 || (pages !== undefined && page > pages)) return null;
  const from = (page - 1) * perPage + 1;
  const to = total == null ? page * perPage : Math.min(total, page * perPage);
  const range = rowRange(translate, from, to, total ?? undefined);
  const hasNext = pages === undefined ? Boolean(hasNextPage) : page < pages;
  const sizes = PAGE_SIZES.includes(perPage) ? PAGE_SIZES : [...PAGE_SIZES, perPage].sort((a, b) => a - b);
  return (
    <Box component="nav" aria-label={translate('app.list.pages')} sx={paginationStyles}>
      <label>
        {translate('ra.navigation.page_rows_per_page')}
        <select value={perPage} onChange={(event) => setPerPage(Number(event.target.value))}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <p data-testid="list-page-range">{range}</p>
      {(page > 1 || hasNext) && (
        <ul>
          <PageStep
            label={translate('ra.navigation.previous')}
            icon={<ChevronLeft />}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          />
          {pages !== undefined &&
            pageItems(page, pages).map((item, index) => (
              <li key={item === 'gap' ? `gap${index}` : item} className="bw-page-number">
                {item === 'gap' ? (
                  <span aria-hidden="true">…</span>
                ) : (
                  <button
                    type="button"
                    aria-current={item === page ? 'page' : undefined}
                    aria-label={translate(item === page ? 'ra.navigation.current_page' : 'ra.navigation.page', {
                      page: item,
                    })}
                    onClick={() => setPage(item)}
                  >
                    {item}
                  </button>
                )}
              </li>
            ))}
          <PageStep
            label={translate('ra.navigation.next')}
            icon={<ChevronRight />}
            disabled={!hasNext}
            onClick={() => setPage(page + 1)}
          />
        </ul>
      )}
    </Box>
  );
}
