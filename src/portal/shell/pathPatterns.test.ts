import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_PATTERNS } from '../../generated/backOfficePaths';
import { matchesPattern } from '../../shared/pathPatterns';
import { ERROR_PAGE_STATUSES, PUBLIC_PATHS } from '../../shared/publicPaths';

/**
 * The shell tells pages apart before react-router is loaded; the back office then routes with
 * react-router. Both must agree on every address, or a bookmark would land on "not found" (or on
 * the sign-in page) while the back office has a screen for it.
 */

const PATTERNS = [
  ...BACK_OFFICE_PATTERNS,
  ...Object.values(PUBLIC_PATHS),
  ...ERROR_PAGE_STATUSES.map((status) => `/errorpage${status}`),
];

/** Addresses near a pattern: filled in, in capitals, with trailing slashes, one segment more or less. */
function addressesNear(pattern: string): string[] {
  const filled = pattern.replace(/:[\w-]+/g, '42').replace(/\/\*$/, '');
  const shorter = filled.replace(/\/[^/]*\/?$/, '');
  return [
    filled,
    filled.toUpperCase(),
    `${filled}/`,
    `${filled}//`,
    `${filled}/more`,
    `${filled}/more/and/more`,
    `${filled}x`,
    shorter,
    `${shorter}/`,
    `${filled.replace(/\/$/, '')}.html`,
  ];
}

/** A browser's `location.pathname` always starts with a slash. */
const ADDRESSES = [...new Set([...PATTERNS.flatMap(addressesNear), '/', '/no-such-page', '/%41ccount/profile'])].filter(
  (pathname) => pathname.startsWith('/'),
);

const routerMatches = (pattern: string, pathname: string) =>
  matchPath({ path: pattern, caseSensitive: false, end: true }, pathname) !== null;

describe('route patterns', () => {
  it.each(PATTERNS)('%s matches exactly the addresses react-router matches', (pattern) => {
    const disagreements = ADDRESSES.filter(
      (pathname) => matchesPattern(pattern, pathname) !== routerMatches(pattern, pathname),
    );
    expect(disagreements).toEqual([]);
  });

  it('read parameters and splats as segments', () => {
    expect(matchesPattern('/employees/:id/permissions', '/Employees/7/permissions/')).toBe(true);
    expect(matchesPattern('/employees/:id/permissions', '/employees//permissions')).toBe(false);
    expect(matchesPattern('/invoice/*', '/invoice')).toBe(true);
    expect(matchesPattern('/invoice/*', '/invoice/12/show')).toBe(true);
    expect(matchesPattern('/invoice/*', '/invoices')).toBe(false);
  });
});
