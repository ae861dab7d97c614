/** Field errors in react-admin's shape: nested like the record, so each shows under its input. */
export type FieldErrors = { [field: string]: string | FieldErrors };

/**
 * Turns the API's flat `{ "permissions.general": "…" }` into `{ permissions: { general: "…" } }`,
 * the shape react-admin hands to react-hook-form's `setError` (`permissions.general`).
 * When a field and one of its children both have a message, the child's (more precise) one wins.
 */
export function nestFieldErrors(flat: Record<string, string>): FieldErrors {
  const nested: FieldErrors = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.').filter(Boolean);
    if (parts.length === 0) continue;
    let node = nested;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object') node = next;
      else node = node[part] = {};
    }
    const leaf = parts[parts.length - 1];
    if (typeof node[leaf] !== 'object') node[leaf] = String(message);
  }
  return nested;
}
