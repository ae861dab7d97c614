import { functions } from 'virtual:validators/password-reset';
import { fieldMessages, pathOf } from '../../schema/errors';
import { passwordResetSchema as resetSchema } from './passwordResetSchema';

/** The form's schema, compiled at build time (no schema is compiled in the browser). */
const validate = functions[resetSchema.$id];

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
