/**
 * Shapes of the vendor keywords (`x-…`) that entity schemas carry. `schemas/README.md` documents
 * what each one means; this file only gives them types.
 */

/** `x-resource`: where the entity lives in the portal and the API, and what gates it. */
export interface XResource {
  /** Storage table name. */
  table: string;
  /** `/v1` path of the collection, exactly as SPEC §7 names it (e.g. `/invoice`, `/products/`). */
  endpoint: string;
  /** Portal routes of SPEC §2 that open this resource's screens; `:id` stands for the record id. */
  routes: { list: string; create?: string; edit?: string; show?: string };
  /** Screens that edit only some fields of a record, by name (the name is the react-admin path segment). */
  sections?: Record<string, XSection>;
  /** Key of the employee `permissions.general` map that grants access. */
  permission?: string;
  /** Merchant service flag that must be on for the screens and the API calls. */
  service?: string;
  /** Payloads of writes and queries travel encrypted (`?data=` / body `{data}`). */
  encrypted?: boolean;
}

/**
 * A section of `x-resource.sections`: a screen at `route` (SPEC §2, `:id` for the record id) that
 * edits `fields` of one record and saves the whole record with them replaced.
 */
export interface XSection {
  route: string;
  /** Writable top-level properties the screen shows; the write schema's rules apply to them. */
  fields: string[];
}

/** `x-list`: how the list screen and the list endpoint behave. */
export interface XList {
  columns: string[];
  /** Filterable properties; `q` is the free-text search over `search`. */
  filters: string[];
  search?: string[];
  sort: [string, 'ASC' | 'DESC'];
}

/** `x-ui`: presentation hints turned into rjsf's uiSchema by code. */
export interface XUi {
  widget?: string;
  order?: number;
  hidden?: boolean;
  readonly?: boolean;
  dir?: 'rtl' | 'ltr';
}

/** `x-file`: the property holds an uploaded file; the value stored is the file's URL. */
export interface XFile {
  accept: string[];
  maxBytes: number;
  /** Images only: the largest width and height in pixels, read from the file's header. */
  maxWidth?: number;
  maxHeight?: number;
}

export interface PropertySchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  default?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  'x-ui'?: XUi;
  'x-file'?: XFile;
  'x-secret'?: 'hash';
  'x-generated'?: string;
  'x-unique'?: string;
  'x-messages'?: Record<string, string>;
  [keyword: string]: unknown;
}

export interface EntitySchema {
  $id: string;
  title: string;
  type: 'object';
  required?: string[];
  properties: Record<string, PropertySchema>;
  'x-resource': XResource;
  'x-list': XList;
  [keyword: string]: unknown;
}
