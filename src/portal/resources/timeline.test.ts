import { describe, expect, it } from 'vitest';
import { timelineEntries } from './timeline';

describe("a record's timeline", () => {
  const history = [
    {
      id: 1,
      changed_at: '2026-11-01T08:00:00Z',
      record_name: 'Ali',
      field: 'name',
      old_value: null,
      new_value: 'Ali',
      changed_by: 'Hessa',
    },
    {
      id: 2,
      changed_at: '2026-11-03T08:00:00Z',
      record_name: 'Ali',
      field: 'rent_period',
      old_value: 'monthly',
      new_value: 'yearly',
      changed_by: 'Hessa',
    },
  ];
  const activity = [
    {
      id: 7,
      occurred_at: '2026-11-02T08:00:00Z',
      event: 'record_changed',
      field: 'amount',
      old_value: '1.000',
      new_value: '2.000',
      actor_name: 'Sara',
      concealed: false,
    },
    {
      id: 8,
      occurred_at: '2026-11-04T08:00:00Z',
      event: 'record_changed',
      field: 'webhook_url',
      old_value: 'a',
      new_value: 'b',
      actor_name: 'Sara',
      concealed: true,
    },
  ];

  it('merges the change history and the activity log, newest first, with who and what', () => {
    const entries = timelineEntries(history, activity);
    expect(entries.map(({ key }) => key)).toEqual(['activity-8', 'history-2', 'activity-7', 'history-1']);
    expect(entries[1]).toMatchObject({ who: 'Hessa', field: 'rent_period', from: 'monthly', to: 'yearly' });
    expect(entries[2]).toMatchObject({ who: 'Sara', what: { log: 'activity', event: 'record_changed' } });
  });

  it("reads the record's name set from nothing as its creation, without values", () => {
    expect(timelineEntries(history, [])[1]).toEqual({
      key: 'history-1',
      at: '2026-11-01T08:00:00Z',
      who: 'Hessa',
      what: { log: 'history', event: 'created' },
    });
  });

  it('never shows a concealed value, only that it changed', () => {
    const [concealed] = timelineEntries([], activity);
    expect(concealed).toMatchObject({ field: 'webhook_url', from: undefined, to: undefined });
  });
});
