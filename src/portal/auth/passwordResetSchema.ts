import type { EntitySchema } from '../../schema/types';

/**
 * The reset-password form's rules as a schema, so the new password meets exactly the
 * `strong-password` format the API enforces (SPEC §5). Compiled at build time (`passwordResetRules`).
 */
export const passwordResetSchema = {
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
