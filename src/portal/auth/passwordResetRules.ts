import { createAjv } from '../../schema/ajv';
import { fieldMessages, pathOf } from '../../schema/errors';
import type { EntitySchema } from '../../schema/types';

/**
 * The reset-password form's rules as a schema, checked by the product's ajv, so the new password
 * meets exactly the `strong-password` format the API enforces (SPEC §5).
 */
const resetSchema = {
  $id: 'password-reset',
  title: 'Password reset',
  type: 'object',
  required: ['email', 'code', 'password', 'password_confirmation'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    code: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', format: 'strong-password' },
    password_confirmation: { type: 'string' },
  },
} as unknown as EntitySchema;

let validate: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

export interface ResetValues {
  email: string;
  code: string;
  password: string;
  password_confirmation: string;
}

export interface Problem {
  key: string;
  params: Record<string, unknown>;
}

/** The problems with `values` as catalogue keys, by field (empty when the form may be sent). */
export function resetProblems(values: ResetValues): Record<string, Problem> {
  validate ??= createAjv().compile(resetSchema);
  // Empty inputs count as missing, as the API sees a blank value.
  const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const problems: Record<string, Problem> = {};
  if (!validate(present)) {
    const errors = (validate.errors ?? []).map((error) => ({
      path: pathOf(error.instancePath),
      keyword: error.keyword,
      params: error.params,
    }));
    for (const message of fieldMessages(resetSchema, errors))
      problems[message.field] = { key: message.key, params: message.params };
  }
  if (
    !problems.password_confirmation &&
    values.password_confirmation !== '' &&
    values.password !== values.password_confirmation
  ) {
    problems.password_confirmation = { key: 'app.auth.passwords_differ', params: {} };
  }
  return problems;
}
