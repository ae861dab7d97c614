/**
 * One record's timeline, read from the change history (`change_history`) and the activity log
 * (`audit_event`): what happened to the record, by whom, when, newest first. The two logs name
 * the record the same way (`entity`, `record_id`), so their rows merge into one list.
 */

type Row = Record<string, unknown>;

export interface TimelineEntry {
  /** `history-<id>` or `activity-<id>`: unique across both logs. */
  key: string;
  at: string;
  /** Who did it, as the log names them. */
  who?: string;
  /** `created`, `changed` or `deleted` from the change history; the event from the activity log. */
  what: { log: 'history' | 'activity'; event: string };
  /** The field changed, and its values before and after, when the row is about one field. */
  field?: string;
  from?: string;
  to?: string;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? undefined : String(value));

/**
 * A change history row: a field with old and new values. The record's creation is its name set
 * from nothing, its deletion its name cleared; those read as such, without values.
 */
function fromHistory(row: Row): TimelineEntry {
  const name = text(row.record_name);
  const from = text(row.old_value);
  const to = text(row.new_value);
  const event = from === undefined && to === name ? 'created' : to === undefined && from === name ? 'deleted' : '';
  if (event)
    return {
      key: `history-${String(row.id)}`,
      at: String(row.changed_at),
      who: text(row.changed_by),
      what: { log: 'history', event },
    };
  const field = text(row.field);
  return {
    key: `history-${String(row.id)}`,
    at: String(row.changed_at),
    who: text(row.changed_by),
    what: { log: 'history', event: 'changed' },
    field,
    from,
    to,
  };
}

function fromActivity(row: Row): TimelineEntry {
  return {
    key: `activity-${String(row.id)}`,
    at: String(row.occurred_at),
    who: text(row.actor_name) ?? text(row.actor_email),
    what: { log: 'activity', event: String(row.event) },
    field: text(row.field),
    // A concealed value (a key, a password) is never shown, only that it changed.
    from: row.concealed ? undefined : text(row.old_value),
    to: row.concealed ? undefined : text(row.new_value),
  };
}

/** Both logs' rows as one timeline, newest first; an entry the two logs both hold is shown once. */
export function timelineEntries(history: readonly Row[], activity: readonly Row[]): TimelineEntry[] {
  const entries = [...history.map(fromHistory), ...activity.map(fromActivity)];
  const seen = new Set<string>();
  return entries
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .filter((entry) => {
      const same = `${entry.at}|${entry.field ?? ''}|${entry.from ?? ''}|${entry.to ?? ''}`;
      if (entry.field && seen.has(same)) return false;
      seen.add(same);
      return true;
    });
}
