import { serviceDisabledMessage } from '../../shared/services';
/**
 * Errors a route throws to answer with a localised message. The error handler translates `key`
 * (and each field's key) into the request's language.
 */

export interface FieldError {
  key: string;
  params?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly fields: Record<string, FieldError> = {},
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

/** Rate limits answer 429 and say when to come back. */
export class RateLimited extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'app.message.too_many_requests');
  }
}

/** Shorthands for the answers every route may give. */
export const notFound = () => new ApiError(404, 'app.message.record_not_found');
export const forbidden = () => new ApiError(403, 'app.message.forbidden');
export const serviceDisabled = (service?: string) => new ApiError(403, serviceDisabledMessage(service));
export const unauthorized = (key = 'app.auth.unauthorized') => new ApiError(401, key);
export const unsupportedMediaType = () => new ApiError(415, 'app.message.unsupported_media_type');

/** 400 with one field's message, which is also the summary. */
export const fieldError = (field: string, key: string, params?: Record<string, unknown>) =>
  new ApiError(400, key, { [field]: { key, params } }, params);
