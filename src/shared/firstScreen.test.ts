import { describe, expect, it } from 'vitest';
import { firstScreenOf } from './firstScreen';

/** What a back-office address shows first, which decides the code a first visit fetches at once. */
describe('the first screen of an address', () => {
  it.each([
    ['/report/payment-transactions', 'list'],
    ['/Report/Payment-Transactions/', 'list'],
    ['/invoice/invoice-list/42', 'record'],
    ['/', 'dashboard'],
    ['/home/dashboard', 'dashboard'],
    ['/account/profile', 'other'],
    ['/invoice/invoice-list/create', 'other'],
  ])('of %s is %s', (pathname, screen) => {
    expect(firstScreenOf(pathname)).toBe(screen);
  });

  it.each([
    '/merchant',
    '/oauth/login/',
    '/account/forgotPassword',
    '/account/contact',
    '/errorpage500',
    '/no/such/page',
  ])('of the public or unknown address %s is none', (pathname) => {
    expect(firstScreenOf(pathname)).toBeUndefined();
  });
});
