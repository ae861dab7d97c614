/**
 * react-admin's data provider over the Merchant API. Resource name = schema `$id`; `<ep>` = its
 * `x-resource.endpoint` (`/invoice`, `/products/`, `/employees`), one record at `<ep>/<id>`.
 *
 *   getList           GET    <ep>?filter={…}&range=[0,24]&sort=["field","ASC"]   total ← Content-Range
 *   getOne            GET    <ep>/<id>
 *   getMany           GET    <ep>?filter={"id":[…]}
 *   getManyReference  GET    <ep>?filter={…,"<target>":<id>}&range=…&sort=…      total ← Content-Range
 *   create            POST   <ep>        writable fields only → 201 record
 *   update            PUT    <ep>/<id>   writable fields only (a blank password is left out)
 *   updateMany        PUT    <ep>/<id>   once per id
 *   delete            DELETE <ep>/<id>   → the deleted record
 *   deleteMany        DELETE <ep>/<id>   once per id
 *   transition        POST   <ep>/<id>/<action>   an action of `x-transitions` ({reason} when it asks one) → the record
 *   command           POST   <command endpoint> {id}  a command of `x-resource.commands`
 *   exportFile        GET    <ep>/export?filter={…}&sort=[…]   every row as CSV → Blob + file name
 *   getTotals         GET    <ep>/totals?filter={…}   the count and money sums of the rows → ListTotals
 *   bulkAction        POST   <action endpoint> {<key>: [ids]}  an action of `x-resource.bulkActions` → its answer
 *                     GET    <action endpoint>?<key>=1,2       one marked `download` → Blob + file name
 *
 * `x-resource.encrypted`: the query travels as `?data=<encrypted {filter, range, sort}>` and bodies
 * as `{"data": "<encrypted record>"}`. A new file in an `x-file` field makes the write multipart
 * (part `record` = the other fields as JSON, the file under the field's name).
 */
import type {
  CreateResult,
  DataProvider,
  DeleteResult,
  GetListResult,
  GetManyReferenceResult,
  GetManyResult,
  GetOneResult,
  Identifier,
  RaRecord,
  SortPayload,
  UpdateResult,
} from 'ra-core';
import { rangeFilters } from '../../schema/listDateRange';
import { entitySchemas } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import type { WriteOperation } from '../../schema/variants';
import { SEARCH_MIN_LENGTH } from '../../schema/variants';
import { dateRangeOf, viewOf } from '../../schema/views';
import type { HttpClient } from './httpClient';
import { writePayload } from './writePayload';

export interface ListParams {
  filter?: Record<string, unknown>;
  pagination?: { page: number; perPage: number };
  sort?: SortPayload;
  signal?: AbortSignal;
}

/**
 * Removes a free-text search shorter than the minimum the API accepts (SPEC §5): sending it would
 * only earn a 400. The search box tells the user why nothing is filtered yet.
 */
export function searchableFilter(filter: Record<string, unknown> = {}): Record<string, unknown> {
  const { q, ...rest } = filter;
  if (typeof q === 'string' && q.trim().length >= SEARCH_MIN_LENGTH) return { ...rest, q: q.trim() };
  return rest;
}

/** Total of a list from `Content-Range: <resource> 0-24/<total>`. */
export function totalOf(headers: Headers): number {
  const total = Number(headers.get('Content-Range')?.split('/').pop());
  if (!Number.isFinite(total)) throw new Error('The list response has no Content-Range total');
  return total;
}

/** react-admin's verbs plus the portal's own: the actions of `x-transitions`. */
export interface PortalDataProvider extends DataProvider {
  transition<R extends RaRecord>(
    resource: string,
    params: { id: Identifier; action: string; reason?: string },
  ): Promise<{ data: R }>;
  command(resource: string, params: { id: Identifier; command: string }): Promise<{ data: unknown }>;
  exportFile(resource: string, params: { filter?: Record<string, unknown>; sort?: SortPayload }): Promise<ExportedFile>;
  getTotals(resource: string, params: { filter?: Record<string, unknown> }): Promise<ListTotals>;
  bulkAction(
    resource: string,
    params: { ids: Identifier[]; action: string },
  ): Promise<{ data: unknown } | { file: ExportedFile }>;
  /**
   * Asks for a list ahead of its screen (a first visit's, while the back office renders): the
   * first `getList` with the same parameters within `EARLY_LIST_MS` takes the answer, which is
   * also given back here (to put in the screen's query cache, `seedList`).
   */
  prefetchList(resource: string, params: ListParams): Promise<GetListResult<RaRecord>>;
}

/** How long a list asked ahead waits to be taken before it is dropped. */
export const EARLY_LIST_MS = 15_000;

/** The same key for the same list parameters, whatever order their keys came in. */
function listKey(resource: string, { pagination, sort, filter }: ListParams): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, entry]) => entry !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([name, entry]) => [name, sorted(entry)]),
        )
      : value;
  return JSON.stringify(sorted({ resource, pagination, sort, filter: filter ?? {} }));
}

/** The totals row of a list: how many rows its filter matches, and the sum of each money column. */
export interface ListTotals {
  count: number;
  sums: Record<string, string>;
}

/** A list downloaded as a file, with the name the API gave it. */
export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of `Content-Disposition: attachment; filename="…"`, if it has one. */
export function attachmentName(headers: Headers): string | undefined {
  return /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1];
}

/** Creates the data provider for every schema in `schemas` (default: all entity schemas). */
export function createDataProvider(
  http: HttpClient,
  schemas: Record<string, EntitySchema> = entitySchemas,
): PortalDataProvider {
  const schemaOf = (resource: string): EntitySchema => {
    const schema = schemas[resource];
    if (!schema) throw new Error(`Unknown resource: ${resource}`);
    return schema;
  };
  const endpoint = (resource: string) => schemaOf(resource)['x-resource'].endpoint;
  const recordPath = (resource: string, id: Identifier) =>
    `${endpoint(resource).replace(/\/+$/, '')}/${encodeURIComponent(String(id))}`;
  const encrypted = (resource: string) => schemaOf(resource)['x-resource'].encrypted === true;

  /**
   * A listing that needs a date range (`x-list.dateRange`) before its range is set: opened from an
   * address whose query holds no filter yet, the list asks once with nothing but its view, then at
   * once with its default range. Nothing of the first is asked of the API, which would refuse it.
   * A call with any other filter (given ids, a record's related rows) is left to the API's rule.
   * The list's totals wait for the range the same way.
   */
  function awaitsRange(resource: string, filter: Record<string, unknown> = {}): boolean {
    const view = typeof filter.view === 'string' ? filter.view : undefined;
    const entity = schemaOf(resource);
    const rule = dateRangeOf(entity, view);
    if (!rule) return false;
    const fixed = new Set(['view', ...Object.keys(viewOf(entity, view)?.filter ?? {})]);
    const ends = rangeFilters(rule);
    return Object.keys(filter).every((name) => fixed.has(name)) && !(ends.from in filter) && !(ends.to in filter);
  }

  async function list<R>(resource: string, params: ListParams): Promise<{ data: R[]; total: number }> {
    if (awaitsRange(resource, params.filter)) return { data: [], total: 0 };
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const [defaultField, defaultOrder] = schemaOf(resource)['x-list'].sort;
    const { field, order } = params.sort ?? { field: defaultField, order: defaultOrder };
    const query = {
      filter: searchableFilter(params.filter),
      range: [(page - 1) * perPage, page * perPage - 1],
      sort: [field, order],
    };
    const response = await http.request<R[]>(endpoint(resource), {
      query,
      encrypted: encrypted(resource),
      signal: params.signal,
    });
    return { data: response.body, total: totalOf(response.headers) };
  }

  function write<R>(resource: string, method: 'POST' | 'PUT', path: string, data: unknown, operation: WriteOperation) {
    const { fields, files } = writePayload(schemaOf(resource), data as Record<string, unknown>, operation);
    return http.request<R | null>(path, { method, body: fields, files, encrypted: encrypted(resource) });
  }

  const early = new Map<string, Promise<{ data: RaRecord[]; total: number }>>();

  return {
    getList: <R extends RaRecord>(resource: string, params: ListParams): Promise<GetListResult<R>> => {
      const key = listKey(resource, params);
      const taken = early.get(key);
      if (!taken) return list<R>(resource, params);
      early.delete(key);
      return taken as Promise<GetListResult<R>>;
    },

    prefetchList(resource: string, params: ListParams) {
      const key = listKey(resource, params);
      const asked = early.get(key);
      if (asked) return asked;
      const request = list<RaRecord>(resource, params);
      // An unused or failed early answer is dropped: the screen then asks again, as it would have.
      request.catch(() => early.delete(key));
      early.set(key, request);
      setTimeout(() => early.delete(key), EARLY_LIST_MS);
      return request;
    },

    async getOne<R extends RaRecord>(
      resource: string,
      params: { id: Identifier; signal?: AbortSignal },
    ): Promise<GetOneResult<R>> {
      return { data: await http.get<R>(recordPath(resource, params.id), undefined, { signal: params.signal }) };
    },

    async getMany<R extends RaRecord>(
      resource: string,
      params: { ids: Identifier[]; signal?: AbortSignal },
    ): Promise<GetManyResult<R>> {
      const response = await http.request<R[]>(endpoint(resource), {
        query: { filter: { id: params.ids } },
        encrypted: encrypted(resource),
        signal: params.signal,
      });
      return { data: response.body };
    },

    getManyReference: <R extends RaRecord>(
      resource: string,
      params: ListParams & { target: string; id: Identifier },
    ): Promise<GetManyReferenceResult<R>> =>
      list<R>(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    async create<R extends RaRecord>(resource: string, params: { data: Partial<R> }): Promise<CreateResult<R>> {
      const { body } = await write<R>(resource, 'POST', endpoint(resource), params.data, 'create');
      return { data: body ?? (params.data as R) };
    },

    async update<R extends RaRecord>(
      resource: string,
      params: { id: Identifier; data: Partial<R>; previousData: R },
    ): Promise<UpdateResult<R>> {
      const { body } = await write<R>(resource, 'PUT', recordPath(resource, params.id), params.data, 'update');
      return { data: body ?? ({ ...params.previousData, ...params.data, id: params.id } as R) };
    },

    async updateMany(resource: string, params: { ids: Identifier[]; data: unknown }) {
      await Promise.all(
        params.ids.map((id) => write(resource, 'PUT', recordPath(resource, id), params.data, 'update')),
      );
      return { data: params.ids };
    },

    async delete<R extends RaRecord>(
      resource: string,
      params: { id: Identifier; previousData?: R },
    ): Promise<DeleteResult<R>> {
      const { body } = await http.request<R | null>(recordPath(resource, params.id), { method: 'DELETE' });
      return { data: body ?? params.previousData ?? ({ id: params.id } as R) };
    },

    async transition<R extends RaRecord>(
      resource: string,
      params: { id: Identifier; action: string; reason?: string },
    ) {
      const path = `${recordPath(resource, params.id)}/${encodeURIComponent(params.action)}`;
      const body = params.reason === undefined ? {} : { reason: params.reason };
      return { data: (await http.request<R>(path, { method: 'POST', body })).body };
    },

    async command(resource: string, params: { id: Identifier; command: string }) {
      const command = schemaOf(resource)['x-resource'].commands?.[params.command];
      if (!command) throw new Error(`${resource} has no command ${params.command}`);
      return { data: (await http.request(command.endpoint, { method: 'POST', body: { id: params.id } })).body };
    },

    async exportFile(resource: string, params: { filter?: Record<string, unknown>; sort?: SortPayload }) {
      const [defaultField, defaultOrder] = schemaOf(resource)['x-list'].sort;
      const { field, order } = params.sort ?? { field: defaultField, order: defaultOrder };
      const response = await http.request<Blob>(`${endpoint(resource).replace(/\/+$/, '')}/export`, {
        query: { filter: searchableFilter(params.filter), sort: [field, order] },
        encrypted: encrypted(resource),
        responseType: 'blob',
      });
      return { blob: response.body, fileName: attachmentName(response.headers) ?? `${resource}.csv` };
    },

    async getTotals(resource: string, params: { filter?: Record<string, unknown> }) {
      if (awaitsRange(resource, params.filter)) return { count: 0, sums: {} };
      const response = await http.request<ListTotals>(`${endpoint(resource).replace(/\/+$/, '')}/totals`, {
        query: { filter: searchableFilter(params.filter) },
        encrypted: encrypted(resource),
      });
      return response.body;
    },

    async bulkAction(resource: string, params: { ids: Identifier[]; action: string }) {
      const action = schemaOf(resource)['x-resource'].bulkActions?.[params.action];
      if (!action) throw new Error(`${resource} has no bulk action ${params.action}`);
      if (!action.download) {
        const body = { [action.key]: params.ids };
        return { data: (await http.request(action.endpoint, { method: 'POST', body })).body };
      }
      const response = await http.request<Blob>(action.endpoint, {
        query: { [action.key]: params.ids.join(',') },
        responseType: 'blob',
      });
      const fileName = attachmentName(response.headers) ?? `${resource}.zip`;
      return { file: { blob: response.body, fileName } };
    },

    async deleteMany(resource: string, params: { ids: Identifier[] }) {
      await Promise.all(params.ids.map((id) => http.request(recordPath(resource, id), { method: 'DELETE' })));
      return { data: params.ids };
    },
  };
}
