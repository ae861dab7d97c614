// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../shared/search';
import { admin } from '../../testAccess';
import { renderBackOffice } from '../../testBackOffice';
import { SearchResults } from './SearchResults';
import { searchOptions } from './searchOptions';

/** The search's answer as the box lists it: records by kind, and what a kind searched in part says. */

const answer: SearchAnswer = {
  q: '000002',
  groups: [
    {
      entity: 'invoice',
      hits: [{ id: 7, title: 'INV-000002', status: null, figure: '12.500', match: null }],
      more: false,
      complete: true,
    },
    { entity: 'transaction', hits: [], more: true, complete: false },
  ],
};

function Results() {
  const options = searchOptions(answer, 'gs');
  return (
    <SearchResults
      id="gs"
      search={{ state: 'done', answer }}
      options={options}
      active={-1}
      pathOf={(option) => `/${option.entity}/${option.hit.id}/show`}
      onActive={() => undefined}
      onOpen={() => undefined}
    />
  );
}

afterEach(cleanup);

describe('the search answer', { timeout: 20_000 }, () => {
  it.each([
    ['en', 'Older records match too many to list here: search in the list'],
    ['ar', 'تطابق سجلات أقدم أكثر من أن تُعرض هنا: ابحث في القائمة'],
  ] as const)('names a kind searched in part and sends to its list (%s)', async (language, note) => {
    renderBackOffice('/', admin, { dashboard: Results, language });
    const groups = await screen.findAllByRole('group', {}, { timeout: 10_000 });
    expect(groups).toHaveLength(2);
    expect(within(groups[0]).getByRole('option').getAttribute('href')).toBe('/invoice/7/show');
    expect(within(groups[1]).queryByRole('option')).toBeNull();
    expect(within(groups[1]).getByText(note)).toBeTruthy();
  });
});
