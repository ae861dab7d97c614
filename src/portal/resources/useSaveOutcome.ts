import { useMemo } from 'react';
import { useNotify, useRedirect, useTranslate, type HttpError } from 'react-admin';

/**
 * What follows a save on the create and edit screens. Success: the resource's own message when its
 * catalogue has one (`resources.<resource>.saved.created` / `.updated`, SPEC §8: "asset created"…),
 * else "changes saved", then the resource's list. Failure: the server's message, always;
 * react-admin would stay silent when the API names fields, but those messages sit under fields
 * the user may not be looking at.
 */
export function useSaveOutcome(resource: string, outcome: 'created' | 'updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return useMemo(
    () => ({
      onSuccess: () => {
        notify(`resources.${resource}.saved.${outcome}`, {
          type: 'success',
          messageArgs: { _: translate('app.message.changes_saved') },
        });
        redirect('list', resource);
      },
      onError: (error: unknown) => {
        const message = (error as Partial<HttpError> | null)?.message || 'app.message.generic_error';
        notify(message, { type: 'error', messageArgs: { _: message } });
      },
    }),
    [notify, redirect, resource, outcome, translate],
  );
}
