import { HttpError } from 'react-admin';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { EntitySchema, XOwn } from '../../../schema/types';
import type { FieldErrors } from '../../data/fieldErrors';
import type { HttpClient } from '../../data/httpClient';
import { writePayload } from '../../data/writePayload';
import { http } from '../../shell/providers';

/**
 * The merchant's own record of an entity (`x-resource.own`): `GET` and `PUT` at `own.endpoint`,
 * with no id. react-admin's data provider speaks of records by id, so these screens use the
 * portal's HTTP client directly; tests give theirs through `OwnApiContext`.
 */

type Values = Record<string, unknown>;

export const OwnApiContext = createContext<HttpClient>(http);

/** The `own` declaration of an entity; screens are only made for entities that have one. */
export function ownOf(entity: EntitySchema): XOwn {
  const own = entity['x-resource'].own;
  if (!own) throw new Error(`${entity.$id} has no x-resource.own`);
  return own;
}

export interface OwnRecordState {
  record?: Values;
  /** The load failed: the API's refusal (in the user's language) or the network's. */
  error?: Error;
  /** Puts the record the API answered a save with in place of the loaded one. */
  replace(record: Values): void;
}

/** Loads the own record once per screen (the API creates it with its defaults on first read). */
export function useOwnRecord(entity: EntitySchema): OwnRecordState {
  const api = useContext(OwnApiContext);
  const { endpoint } = ownOf(entity);
  const [state, setState] = useState<{ record?: Values; error?: Error }>({});
  useEffect(() => {
    const controller = new AbortController();
    api.get<Values>(endpoint, undefined, { signal: controller.signal }).then(
      (record) => setState({ record }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [api, endpoint]);
  const replace = useCallback((record: Values) => setState({ record }), []);
  return { ...state, replace };
}

/**
 * Sends the own record (its writable fields; new files make it multipart, encrypted when the entity
 * says so) and answers the record the API saved.
 */
export function useSaveOwn(entity: EntitySchema): (data: Values) => Promise<Values> {
  const api = useContext(OwnApiContext);
  return useCallback(
    async (data: Values) => {
      const { fields, files } = writePayload(entity, data, 'update');
      const response = await api.request<Values>(ownOf(entity).endpoint, {
        method: 'PUT',
        body: fields,
        files,
        encrypted: entity['x-resource'].encrypted === true,
      });
      return response.body;
    },
    [api, entity],
  );
}

/** The field messages of a refused save (`HttpError` body `errors`), for the form to show under its fields. */
export function refusedFields(error: unknown): FieldErrors | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  return typeof errors === 'object' && errors !== null && Object.keys(errors).length > 0
    ? (errors as FieldErrors)
    : undefined;
}
