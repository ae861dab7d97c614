import { useCallback } from 'react';
import type { TablePaginationProps } from '@mui/material/TablePagination';
import { Pagination, useTranslate, type PaginationProps } from 'react-admin';

type PageControl = 'first' | 'last' | 'next' | 'previous';

/**
 * react-admin's pagination with its page buttons named in the user's language on phones too: its
 * compact variant leaves MUI's English names ("Go to next page") in place.
 */
export function ListPagination() {
  const translate = useTranslate();
  const label = useCallback((control: PageControl) => translate(`ra.navigation.${control}`), [translate]);
  // react-admin hands props it does not know on to MUI's TablePagination, but its type omits them.
  const props: PaginationProps & Pick<TablePaginationProps, 'getItemAriaLabel'> = { getItemAriaLabel: label };
  return <Pagination {...props} />;
}
