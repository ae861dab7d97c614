import { ownGate } from '../../../schema/access';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  RecordContextProvider,
  ResourceContextProvider,
  SaveContextProvider,
  Title,
  useNotify,
  useTranslate,
} from 'react-admin';
import { getEntitySchema } from '../../../schema/registry';
import type { EntitySchema } from '../../../schema/types';
import { writeSchema } from '../../../schema/variants';
import { keepMerchantSettings } from '../../data/merchantSettings';
import { editableData } from '../../forms/formData';
import { RecordForm } from '../../resources/RecordForm';
import { ownOf, refusedFields, useOwnRecord, useSaveOwn } from './ownApi';
import { OwnGate } from './OwnGate';
import { ownEditTitle, ownSectionTitle } from './ownLabels';

type Values = Record<string, unknown>;

export interface OwnEditProps {
  /** Entity schema `$id`. */
  entity: string;
  /** A section of `own.sections`: only its fields, the rest of the record sent unchanged. */
  section?: string;
  /** Part of another page: no screen title, and the page stays put after a save. */
  inline?: boolean;
}

function OwnForm({ entity, section, inline }: { entity: EntitySchema; section?: string; inline?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const own = ownOf(entity);
  const { record, error, replace } = useOwnRecord(entity);
  const saveOwn = useSaveOwn(entity);
  const [saving, setSaving] = useState(false);
  const fields = section === undefined ? undefined : own.sections?.[section]?.fields;
  if (section !== undefined && !fields) throw new Error(`${entity.$id} has no own section ${section}`);
  const updateSchema = useMemo(() => writeSchema(entity, 'update'), [entity]);

  /**
   * The API's PUT replaces the record, so a section sends the loaded record's writable fields with
   * its own replaced. A refusal resolves with the field messages, which the form shows under them.
   */
  const save = useCallback(
    async (data: Values) => {
      setSaving(true);
      try {
        const saved = await saveOwn(fields ? { ...editableData(updateSchema, record), ...data } : data);
        replace(saved);
        if (entity.$id === 'merchant') keepMerchantSettings(saved);
        notify('app.message.changes_saved', { type: 'success' });
        if (!inline) navigate(own.routes.show);
        return undefined;
      } catch (failure) {
        const message = failure instanceof Error && failure.message ? failure.message : 'app.message.generic_error';
        notify(message, { type: 'error', messageArgs: { _: message } });
        return refusedFields(failure);
      } finally {
        setSaving(false);
      }
    },
    [entity.$id, fields, inline, navigate, notify, own.routes.show, record, replace, saveOwn, updateSchema],
  );
  const saveContext = useMemo(() => ({ save, saving, mutationMode: 'pessimistic' as const }), [save, saving]);
  const title = section === undefined ? ownEditTitle(entity, translate) : ownSectionTitle(entity, section, translate);

  return (
    <>
      {!inline && <Title title={title} />}
      <Card variant={inline ? 'outlined' : 'elevation'} sx={{ overflow: 'visible' }}>
        {error ? (
          <CardContent>
            <Alert severity="error">{error.message}</Alert>
          </CardContent>
        ) : (
          <RecordContextProvider value={record}>
            <SaveContextProvider value={saveContext}>
              <RecordForm operation="update" fields={fields} locked={own.locked} cancelTo={own.routes.show} />
            </SaveContextProvider>
          </RecordContextProvider>
        )}
      </Card>
    </>
  );
}

/**
 * The edit form of the merchant's own record of `entity` (`own.routes.edit`, e.g.
 * `/account/editProfile`), or of one of its sections (`/account/paymentsettings`): the generic
 * record form, saved with `PUT <own.endpoint>` under the same rules as any update.
 */
export default function OwnEdit({ entity: name, section, inline }: OwnEditProps) {
  const entity = getEntitySchema(name);
  return (
    <ResourceContextProvider value={entity.$id}>
      <OwnGate entity={ownGate(entity)}>
        <OwnForm entity={entity} section={section} inline={inline} />
      </OwnGate>
    </ResourceContextProvider>
  );
}
