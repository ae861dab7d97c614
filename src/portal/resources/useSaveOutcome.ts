import { useMemo } from 'react';
import { useNotify, useRedirect, useTranslate, type HttpError } from 'react-admin';
import type { EntitySchema } from '../../schema/types';
import { copyText } from './copyText';
import { screenPath } from './screenPaths';
import { useScreenPlace } from './screenPlace';

/** The property holding a record's public link (`x-generated` `payment_link` or `{ "link": … }`), if any. */
export function linkPropertyOf(entity: EntitySchema): string | undefined {
  return Object.entries(entity.properties).find(([, property]) => {
    const generated = property['x-generated'];
    return generated === 'payment_link' || (typeof generated === 'object' && generated !== null && 'link' in generated);
  })?.[0];
}

/**
 * What follows a save on the create and edit screens. Success: the resource's own message when its
 * catalogue has one (`resources.<resource>.saved.created` / `.updated`, SPEC §8: "asset created"…),
 * else "changes saved", then the resource's list (or the view the form was opened from). A record with a public link (an invoice) has its
 * link copied on creation ("invoice created and link copied", or `saved.created_not_copied` when
 * the browser refuses the clipboard) and opens on its detail screen, where the link is.
 * Failure: the server's message, always; react-admin would stay silent when the API names fields,
 * but those messages sit under fields the user may not be looking at.
 */
export function useSaveOutcome(entity: EntitySchema, outcome: 'created' | 'updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const resource = entity.$id;
  const linkProperty = outcome === 'created' ? linkPropertyOf(entity) : undefined;
  // Back to the list (or the view) the form was opened from, at its SPEC address.
  const place = useScreenPlace();
  return useMemo(
    () => ({
      onSuccess: async (data: unknown) => {
        const record = (data ?? {}) as Record<string, unknown>;
        const link = linkProperty ? record[linkProperty] : undefined;
        const saved = `resources.${resource}.saved`;
        const fallback = { _: translate('app.message.changes_saved') };
        if (typeof link === 'string' && link !== '') {
          const copied = await copyText(link);
          const key = copied ? `${saved}.${outcome}` : `${saved}.${outcome}_not_copied`;
          notify(key, { type: 'success', messageArgs: { _: translate(`${saved}.${outcome}`, fallback) } });
          redirect(screenPath(entity, 'show', record.id as number, place));
          return;
        }
        notify(`${saved}.${outcome}`, { type: 'success', messageArgs: fallback });
        redirect(screenPath(entity, 'list', undefined, place));
      },
      onError: (error: unknown) => {
        const message = (error as Partial<HttpError> | null)?.message || 'app.message.generic_error';
        notify(message, { type: 'error', messageArgs: { _: message } });
      },
    }),
    [notify, redirect, entity, resource, outcome, translate, linkProperty, place],
  );
}
