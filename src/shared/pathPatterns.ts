/**
 * Not react-router's `matchPath`: importing it puts the router into the sign-in page's first
 * download (147 → 176.5 KB gzip, over its 150 KB budget).
 *
 * Route patterns as react-router writes them (`/employees/:id`, `/invoice/*`), matched the way its
 * `matchPath` matches them (case-insensitive, trailing slashes allowed, `*` only as the last
 * segment); `pathPatterns.test.ts` holds the two to the same answers.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(pattern: string): RegExp {
  const splat = pattern.endsWith('/*');
  const segments = (splat ? pattern.slice(0, -2) : pattern).split('/').filter(Boolean);
  const body = segments.map((segment) => (segment.startsWith(':') ? '/[^/]+' : `/${escape(segment)}`)).join('');
  return new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/*$`, 'i');
}

const compiled = new Map<string, RegExp>();

/** Whether `pathname` matches `pattern`. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  let regexp = compiled.get(pattern);
  if (!regexp) {
    regexp = compile(pattern);
    compiled.set(pattern, regexp);
  }
  return regexp.test(pathname);
}
