import type { BrowserContext, Page } from 'playwright-core';
import { accessDenial, merchantFlags } from '../../../src/schema/access';
import { allows } from '../../../src/schema/operations';
import { entitySchemas } from '../../../src/schema/registry';
import { childrenOf } from '../../../src/schema/relations';
import type { EntitySchema, PropertySchema } from '../../../src/schema/types';
import { writeSchema } from '../../../src/schema/variants';
import { applies } from '../../../src/schema/when';
import { basePath, dateFilter } from '../../support/access-matrix/actors';
import { createBody, referencedEntity, type BodySources, type Row } from '../../support/access-matrix/bodies';
import { Api, type ApiAnswer } from './api';

/**
 * Script canaries: strings that call `window.__canary('<entity>.<field>')` if a page ever treats
 * them as markup or as a template instead of text, planted through the API in every plain text
 * field the schemas let a merchant write, and the browser-side watch that notices one running, a
 * Content Security Policy violation (a canary the policy stopped) or injected markup.
 */

/** The global a running canary calls. */
export const CANARY = '__canary';

/** The ways a string may escape into markup, a template or an attribute; each names its field. */
const PAYLOADS: ((key: string) => string)[] = [
  (key) => `<img src=x onerror="window.${CANARY}('${key}')">`,
  (key) => `<script>window.${CANARY}('${key}')</script>`,
  (key) => `"><svg onload="window.${CANARY}('${key}')">`,
  (key) => `{{constructor.constructor('window.${CANARY}("${key}")')()}}`,
];

/**
 * The canary for field `key`, the `variant`-th payload first and the others after it, the first
 * within `maxLength`; undefined when none fits.
 */
export function canaryFor(key: string, variant: number, maxLength = Infinity): string | undefined {
  for (let step = 0; step < PAYLOADS.length; step += 1) {
    const value = PAYLOADS[(variant + step) % PAYLOADS.length](key);
    if (value.length <= maxLength) return value;
  }
  return undefined;
}

/** How a page shows a planted value as text: the field's name quoted as in every payload. */
export const markersOf = (key: string) => [`'${key}'`, `"${key}"`];

export type Skip = { field: string; reason: string };

const typeOf = (property: PropertySchema) =>
  Array.isArray(property.type) ? property.type.filter((type) => type !== 'null') : [property.type];

/**
 * The create schema's properties of `entity` that take free text — a string with no `format`,
 * `pattern`, `enum` or `const` that would refuse markup — and the other strings, each with why.
 */
export function plainTextFields(entity: EntitySchema): { plain: [string, PropertySchema][]; skipped: Skip[] } {
  const plain: [string, PropertySchema][] = [];
  const skipped: Skip[] = [];
  for (const [name, property] of Object.entries(writeSchema(entity, 'create').properties)) {
    if (!typeOf(property).includes('string')) continue;
    const field = `${entity.$id}.${name}`;
    const rule = property.enum
      ? 'enum'
      : property.const !== undefined
        ? 'const'
        : property.format
          ? `format ${property.format}`
          : property.pattern
            ? 'pattern'
            : null;
    if (rule) skipped.push({ field, reason: rule });
    else if (property.writeOnly) skipped.push({ field, reason: 'write-only (never shown)' });
    else plain.push([name, property]);
  }
  return { plain, skipped };
}

/**
 * A caller of the Merchant API over HTTP (`Api`), with the generic calls the canaries need for any
 * entity: payloads sealed where the entity is encrypted, as the portal sends them.
 */
export class MerchantApi {
  private constructor(private readonly api: Api) {}

  static async signIn(account: { email: string; password: string }): Promise<MerchantApi> {
    return new MerchantApi(await Api.signIn(account));
  }

  request<T = unknown>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ): Promise<ApiAnswer<T>> {
    return this.api.request<T>(method, path, options);
  }

  private async seal(entity: EntitySchema, value: unknown): Promise<unknown> {
    if (entity['x-resource'].encrypted !== true) return value;
    return { data: await this.api.encrypt(value) };
  }

  /** Up to 100 of the merchant's records of `entity` (within the list's date range rule, if any). */
  async list(entity: EntitySchema): Promise<Row[]> {
    const query = { filter: dateFilter(entity), range: [0, 99] };
    const sealed = await this.seal(entity, query);
    const params =
      entity['x-resource'].encrypted === true
        ? (sealed as Record<string, string>)
        : { filter: JSON.stringify(query.filter), range: JSON.stringify(query.range) };
    const answer = await this.request<Row[]>('GET', basePath(entity), { query: params });
    if (answer.status !== 200) throw new Error(`Listing ${entity.$id} answered ${answer.status}`);
    return answer.body;
  }

  async read(entity: EntitySchema, id: unknown): Promise<Row> {
    const answer = await this.request<Row>('GET', `${basePath(entity)}/${String(id)}`);
    if (answer.status !== 200) throw new Error(`Reading ${entity.$id} ${String(id)} answered ${answer.status}`);
    return answer.body;
  }

  create(entity: EntitySchema, body: Row) {
    return this.seal(entity, body).then((sealed) =>
      this.request<Row & { errors?: Record<string, string>; message?: string }>('POST', basePath(entity), {
        body: sealed,
      }),
    );
  }

  /** Whether the signed-in admin's merchant has the entity's service on (admins need no permission). */
  async adminMay(entity: EntitySchema): Promise<boolean> {
    const { body } = await this.request<{
      services: Record<string, boolean>;
      merchant: { is_multi_vendor: boolean };
    }>('GET', '/v1/profile');
    const services = merchantFlags(body.services, body.merchant.is_multi_vendor);
    return allows(entity, 'create') && accessDenial(entity, { role: 'admin', services, permissions: {} }) === null;
  }
}

const ascendingIds = (rows: Row[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));

/**
 * A record of the merchant that a new record may point at through `property`, read over the API
 * and chosen by the schema's own rules: not one the reference refuses, one with room left under an
 * `x-limit`, and one with something left of the amounts the new record takes (`x-from`).
 */
async function pointable(api: MerchantApi, property: PropertySchema, takes: string[]): Promise<Row | undefined> {
  const spec = property['x-references'] ?? property.items?.['x-references'];
  if (!spec) return undefined;
  const remaining = property['x-limit']?.remaining;
  return ascendingIds(await api.list(entitySchemas[spec.entity])).find(
    (row) =>
      Object.entries(spec.refuse ?? {}).every(
        ([column, values]) => row[column] == null || !values.map(String).includes(String(row[column])),
      ) &&
      (!remaining || Number(row[remaining]) > 0) &&
      takes.every((from) => Number(row[from]) > 0),
  );
}

/** `BodySources` of the access matrix's body builder, taken from the API instead of the tables. */
export async function apiBodySources(api: MerchantApi, entity: EntitySchema): Promise<BodySources> {
  const chosen = new Map<string, Row | undefined>();
  const children = new Map<string, Row | undefined>();
  const taken = (name: string) =>
    Object.values(entity.properties).flatMap((p) => (p['x-from']?.reference === name ? [p['x-from'].property] : []));
  for (const [name, property] of Object.entries(entity.properties)) {
    if (referencedEntity(property)) chosen.set(name, await pointable(api, property, taken(name)));
    const child = childrenOf(property)?.entity;
    if (!child) continue;
    const [first] = ascendingIds(await api.list(entitySchemas[child]));
    children.set(child, first && (await api.read(entitySchemas[child], first.id)));
    for (const [childName, childProperty] of Object.entries(entitySchemas[child].properties)) {
      if (referencedEntity(childProperty)) chosen.set(`${child}.${childName}`, await pointable(api, childProperty, []));
    }
  }
  const filled = (name: string) => {
    const from = entity.properties[name]?.['x-from'];
    return from ? chosen.get(from.reference)?.[from.property] : undefined;
  };
  return {
    referenceId: (owner, property) => {
      const row = chosen.get(owner === entity.$id ? property : `${owner}.${property}`);
      return row ? Number(row.id) : undefined;
    },
    childTemplate: (child) => children.get(child),
    filledValue: filled,
  };
}

export interface Planted {
  entity: EntitySchema;
  record: Row;
  /** `entity.field` of each canary the record holds. */
  fields: string[];
}

/**
 * Creates one record of `entity` with a canary in each plain text field, from a copy of the
 * merchant's first record (the access matrix's body builder). A field the API still refuses is
 * left as copied and counted as skipped with the API's own message. `overrides` replace values of the copy.
 */
export async function plantRecord(
  api: MerchantApi,
  entity: EntitySchema,
  serial: number,
  skipped: Skip[],
  overrides: Row = {},
): Promise<Planted | string> {
  const [first] = ascendingIds(await api.list(entity));
  if (!first) return 'no record to copy a create body from';
  const template = await api.read(entity, first.id);
  const body = { ...createBody(entity, template, serial, await apiBodySources(api, entity)), ...overrides };
  const { plain, skipped: refusedBySchema } = plainTextFields(entity);
  skipped.push(...refusedBySchema);
  const planted = new Map<string, string>();
  plain.forEach(([name, property], index) => {
    const field = `${entity.$id}.${name}`;
    if (!applies(property, body)) return void skipped.push({ field, reason: 'x-when: not for this record' });
    const canary = canaryFor(field, serial + index, property.maxLength);
    if (canary === undefined) return void skipped.push({ field, reason: `maxLength ${property.maxLength}` });
    planted.set(name, canary);
  });
  const range = entity['x-dateRange'];
  let moved = false;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const answer = await api.create(entity, { ...body, ...Object.fromEntries(planted) });
    if (answer.status === 201)
      return { entity, record: answer.body, fields: [...planted.keys()].map((name) => `${entity.$id}.${name}`) };
    // Dates another record holds (a unit let under a contract then): the same record on later dates of its own.
    if (answer.status === 409 && range && answer.body?.errors?.[range.from] && !moved) {
      const from = new Date(Date.now() + (3 * 365 + serial * 40) * 86_400_000);
      body[range.from] = from.toISOString().slice(0, 10);
      body[range.to] = new Date(from.getTime() + 29 * 86_400_000).toISOString().slice(0, 10);
      moved = true;
      continue;
    }
    const refused = Object.keys(answer.body?.errors ?? {}).filter((name) => planted.has(name));
    if (answer.status >= 500 || refused.length === 0)
      return `create answered ${answer.status}: ${answer.body?.message ?? ''} ${JSON.stringify(answer.body?.errors ?? {})}`;
    for (const name of refused) {
      skipped.push({ field: `${entity.$id}.${name}`, reason: `refused by the API: ${answer.body.errors?.[name]}` });
      planted.delete(name);
    }
  }
  return 'the API kept refusing the canaries';
}

/** What the watch saw: canaries that ran, policy violations, page errors, injected markup. */
export interface Alarms {
  fired: string[];
  violations: string[];
  pageErrors: string[];
  injected: string[];
}

/**
 * Makes every page of `context` answer a running canary (`window.__canary`) and report Content
 * Security Policy violations; page errors are collected per page with `watchPage`.
 */
export async function installWatch(context: BrowserContext, alarms: Alarms): Promise<void> {
  await context.exposeFunction(CANARY, (key: unknown) => {
    alarms.fired.push(String(key));
  });
  await context.exposeFunction('__cspViolation', (report: unknown) => {
    alarms.violations.push(String(report));
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.documentURI} (${event.sample})`;
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(report);
    });
  });
}

export function watchPage(page: Page, alarms: Alarms): void {
  page.on('pageerror', (error) => alarms.pageErrors.push(`${page.url()}: ${error.message}`));
}

/**
 * The planted fields the page shows as text (in its text or in its form fields), once any of them
 * appears (or after `timeout`), and any element the page holds with a canary as markup: an event
 * handler attribute or a script naming the canary.
 */
export async function inspect(
  page: Page,
  fields: string[],
  timeout = 8_000,
): Promise<{ shown: string[]; injected: string[] }> {
  const markers = fields.map((field) => [field, markersOf(field)] as const);
  // Runs in the page: the fields among `fieldMarkers` shown, or (to wait on) whether any is.
  const read = ({ fieldMarkers, any }: { fieldMarkers: (readonly [string, string[]])[]; any: boolean }) => {
    const inputs = [...document.querySelectorAll('input, textarea')].map(
      (element) => (element as HTMLInputElement).value,
    );
    const text = [document.body.innerText, ...inputs].join('\n');
    const found = fieldMarkers
      .filter(([, candidates]) => candidates.some((marker) => text.includes(marker)))
      .map(([field]) => field);
    return any ? found.length > 0 : found;
  };
  try {
    await page.waitForFunction(read, { fieldMarkers: markers, any: true }, { timeout, polling: 100 });
  } catch {
    // Nothing shown: the caller counts the page as not covering these fields.
  }
  // References and lazy parts fill in a moment after the first values.
  await page.waitForTimeout(250);
  const shown = (await page.evaluate(read, { fieldMarkers: markers, any: false })) as string[];
  const injected = await page.evaluate((name) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on') && attribute.value.includes(name))
          found.push(`<${element.tagName.toLowerCase()} ${attribute.name}>`);
      }
      if (element.tagName === 'SCRIPT' && element.textContent?.includes(name)) found.push('<script>');
    }
    return found;
  }, CANARY);
  return { shown, injected: injected.map((what) => `${page.url()}: ${what}`) };
}

/**
 * Moves the single-page portal to `path` as one of its links does (no reload), by way of an
 * address it has no screen for (its not-found screen, titled `notFound`), so that nothing of the
 * previous screen is left when it returns.
 */
export async function openInPortal(page: Page, path: string, notFound: string): Promise<void> {
  const go = (to: string) =>
    page.evaluate((address) => {
      history.pushState(null, '', address);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await go('/no-such-screen');
  await page.getByRole('heading', { name: notFound }).first().waitFor();
  await go(path);
}
