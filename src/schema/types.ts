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
  /**
   * What an employee needs to be let in: a value of their `general` map (`"invoices"`), a value of
   * another map as `"<map>.<value>"` (`"report.refunds"`), or a list of such, all needed.
   */
  permission?: Permission;
  /** Merchant service flag that must be on for the screens and the API calls. */
  service?: string;
  /** Payloads of writes and queries travel encrypted (`?data=` / body `{data}`). */
  encrypted?: boolean;
  /** What the API and the portal offer for this entity; all five when left out (reports are `list`/`show`). */
  operations?: Operation[];
  /** More list screens of the same entity at their own routes, each with a fixed filter. */
  views?: Record<string, XView>;
  /** Menu group the resource's entries sit under (`invoices`, `reports`, `sales`, `property`, …). */
  group?: string;
  /** The caller's own record of this entity (one per merchant), served without an id. */
  own?: XOwn;
  /** Every create, change and delete of a record is written to the `change_history` entity. */
  history?: boolean;
  /** Only the merchant's admin may use the entity: no employee permission opens it (the activity log). */
  adminOnly?: boolean;
  /**
   * Requests a record's detail screen can make besides its transitions (resend an invoice's SMS):
   * `POST /v1<endpoint>` with `{ "id": <record id> }`, offered while the record matches `when`.
   */
  commands?: Record<string, XCommand>;
  /**
   * A record may be changed (PUT) only while it matches: `{ "status": ["unpaid"] }` keeps paid
   * invoices as they were paid. Otherwise 409, and the detail screen offers no Edit.
   */
  editable?: Record<string, unknown[]>;
  /**
   * Creates take an `Idempotency-Key` header: a repeat of a request with the same key gets the first
   * answer again instead of a second write (refunds, captures).
   */
  idempotent?: boolean;
}

/** See `XResource.commands`. Labelled `resources.<entity>.actions.<name>`, done: `….<name>_done`. */
export interface XCommand {
  endpoint: string;
  when?: Record<string, unknown[]>;
  /** Asks `resources.<entity>.actions.<name>_confirm` before running. */
  confirm?: boolean;
  /** Offered to the merchant's admin only (the endpoint refuses everyone else). */
  adminOnly?: boolean;
}

/** See `XResource.permission`. */
export type Permission = string | string[];

export type Operation = 'list' | 'show' | 'create' | 'update' | 'delete';

/**
 * A list screen at `route` showing the records that match `filter` (values may name a route
 * parameter, `":unit_id"`), titled `resources.<entity>.views.<name>`, with its own date range rule
 * and gates when they differ from the resource's.
 */
export interface XView {
  route: string;
  filter?: Record<string, unknown>;
  columns?: string[];
  dateRange?: XDateRange;
  service?: string;
  permission?: Permission;
}

/** `x-resource.own`: the merchant's own record at `endpoint` (GET, PUT), shown and edited at `routes`. */
export interface XOwn {
  endpoint: string;
  routes: { show: string; edit?: string };
  /** Gate of the own record instead of the entity's (a merchant's own profile is not a multi-vendor screen). */
  permission?: Permission;
  sections?: Record<string, XSection>;
}

/**
 * `x-list.dateRange`: the list needs a range on `field` (`<field>_gte` / `<field>_lte`) no longer
 * than `maxMonths` or `maxDays`, and, with `withinDays`, no older than that many days.
 */
export interface XDateRange {
  field: string;
  maxMonths?: number;
  maxDays?: number;
  withinDays?: number;
}

/**
 * `x-references`: the property holds the id of a record of `entity` belonging to the same merchant
 * (on an array's `items`: each item does).
 */
export interface XReferences {
  entity: string;
  /**
   * Property of the referenced record shown instead of the id, or one per language
   * (`{ "en": "name", "ar": "name_ar" }`, English when the language has none).
   */
  label: string | XLabel;
  /** Referenced records with one of these values may not be chosen (e.g. a blocked unit). */
  refuse?: Record<string, unknown[]>;
}

/** `x-references.label` per language: `en` is required, the others fall back to it. */
export type XLabel = { en: string } & Record<string, string>;

/**
 * `x-from`: the server fills the property from the record its sibling `reference` (an
 * `x-references` property) names, before the write is validated; the form shows it read-only.
 */
export interface XFrom {
  reference: string;
  /** Property of the referenced record copied. */
  property: string;
}

/**
 * `x-generated`: a value the server fills, by generator name (`"reference"`), or with the
 * generator's option (`{ "reference": "SO" }` a prefix, `{ "link": "/sale/{reference_no}" }` a path).
 */
export type XGenerated = string | Record<string, string>;

/** `x-limit` on a reference: records pointing at one parent may not outnumber the parent's `field`. */
export interface XLimit {
  field: string;
  /** Parent property kept equal to `field` minus the records pointing at it. */
  remaining?: string;
}

/** `x-transitions` on a status: named actions, each allowed from some statuses, moving to one. */
export type XTransitions = Record<string, { from: string[]; to: string; confirm?: boolean }>;

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
  dateRange?: XDateRange;
}

/** `x-ui`: presentation hints turned into rjsf's uiSchema by code. */
export interface XUi {
  widget?: string;
  order?: number;
  hidden?: boolean;
  readonly?: boolean;
  dir?: 'rtl' | 'ltr';
  /** Enum values the form does not offer (records made another way, e.g. by an upload). */
  exclude?: string[];
  /**
   * The value names a field of the entity that the record's property of this name holds (a log's
   * `field` of its `entity`): screens show that field's label instead of its name.
   */
  fieldOf?: string;
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
  'x-generated'?: XGenerated;
  'x-unique'?: 'login' | 'merchant' | { within: string };
  'x-messages'?: Record<string, string>;
  'x-references'?: XReferences;
  'x-limit'?: XLimit;
  'x-transitions'?: XTransitions;
  'x-from'?: XFrom;
  'x-when'?: XWhen;
  'x-confirmEmpty'?: string;
  'x-future'?: true;
  'x-audit'?: XAudit;
  [keyword: string]: unknown;
}

/**
 * `x-audit`: every write that sets, changes or clears the property is written to the activity log
 * (`audit_event`), with its old and new values; `"changed"` only says that it changed (the values
 * are never written, as for secrets and write-only properties whatever the keyword says).
 */
export type XAudit = true | 'changed';

/**
 * `x-when`: the property applies only while sibling fields hold one of the listed values (an
 * invoice's parts count only for split invoices). The form hides it otherwise, and the server
 * stores nothing for it.
 */
export type XWhen = Record<string, unknown[]>;

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
