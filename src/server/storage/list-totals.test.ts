import { describe, expect, it } from 'vitest';
import { EXACT_UP_TO, KEEP_MS, ListTotals } from './list-totals';

describe('list totals', () => {
  const counter = (value: number) => {
    const calls = { count: 0 };
    return { calls, count: async () => (calls.count++, value) };
  };

  it('counts a small total for every page, so it is always exact', async () => {
    const totals = new ListTotals();
    const { calls, count } = counter(EXACT_UP_TO);
    await totals.total('a', count);
    await totals.total('a', count);
    expect(calls.count).toBe(2);
  });

  it('keeps a large total for a few seconds, then counts it again', async () => {
    let now = 1_000;
    const totals = new ListTotals(() => now);
    const { calls, count } = counter(EXACT_UP_TO + 1);
    expect(await totals.total('a', count)).toBe(EXACT_UP_TO + 1);
    now += KEEP_MS - 1;
    await totals.total('a', count);
    expect(calls.count).toBe(1);
    await totals.total('b', count);
    expect(calls.count).toBe(2);
    now += 1;
    await totals.total('a', count);
    expect(calls.count).toBe(3);
  });

  it('shares one count between the requests asking while it runs, and forgets a failed one', async () => {
    const totals = new ListTotals();
    const { calls, count } = counter(3);
    const [first, second] = await Promise.all([totals.total('a', count), totals.total('a', count)]);
    expect([first, second, calls.count]).toEqual([3, 3, 1]);
    await expect(totals.total('b', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await totals.total('b', count)).toBe(3);
  });
});
