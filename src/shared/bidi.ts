/**
 * The direction to isolate a shown value in. A value without letters (a phone number with its
 * "+", an amount, a date in digits) reads left to right whatever the page's language: left to the
 * browser, an Arabic page would move its "+" or its minus sign to the other end. A value with
 * letters takes the direction of its first strong letter (`dir="auto"`), so ".Gulf Optics Co"
 * stays "Gulf Optics Co." and an Arabic name stays right to left.
 */
export function valueDirection(text: string): 'ltr' | 'auto' {
  return /\p{L}/u.test(text) ? 'auto' : 'ltr';
}
