import { useMemo } from 'react';
import { useNotify, useRedirect, type HttpError } from 'react-admin';

/**
 * What follows a save on the create and edit screens. Success: "changes saved" (SPEC §8), then
 * the resource's list. Failure: the server's message, always; react-admin would stay silent when
 * the API names fields, but those messages sit under fields the user may not be looking at.
 */
export function useSaveOutcome(resource: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return useMemo(
    () => ({
      onSuccess: () => {
        notify('app.message.changes_saved', { type: 'success' });
        redirect('list', resource);
      },
      onError: (error: unknown) => {
        const message = (error as Partial<HttpError> | null)?.message || 'app.message.generic_error';
        notify(message, { type: 'error', messageArgs: { _: message } });
      },
    }),
    [notify, redirect, resource],
  );
}
