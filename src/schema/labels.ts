/** Catalogue keys of an entity's labels, the same for the portal's screens and the API's lists. */

/** Catalogue key of a field label: `resources.<resource>.fields.<dotted path>`. */
export const fieldLabelKey = (resource: string, path: string) => `resources.${resource}.fields.${path}`;

/** Catalogue key of an enum value's label: `resources.<resource>.enums.<dotted path>.<value>`. */
export const enumLabelKey = (resource: string, path: string, value: unknown) =>
  `resources.${resource}.enums.${path}.${String(value)}`;
