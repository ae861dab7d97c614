import Close from '@mui/icons-material/Close';
import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  Loading,
  useLocaleState,
  usePermissions,
  useRecordContext,
  useRecordFromLocation,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import type { PortalPermissions } from '../data/authProvider';
import type { WriteOperation } from '../../schema/variants';
import { nestFieldErrors, type FieldErrors } from '../data/fieldErrors';
import { useMerchantSettings } from '../data/merchantSettings';
import { allows } from '../../schema/operations';
import { SchemaForm } from '../forms/SchemaForm';
import { resourcePath } from './screenPaths';
import { useEntitySchema } from './useEntitySchema';

type Values = Record<string, unknown>;

const isFieldErrors = (value: unknown): value is FieldErrors =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;

/**
 * Field errors nested like the record, however they came: a refusal by other records (409) names
 * a child's field by its dotted path (`units.2.name`), which must show under that child's field.
 */
function nestedErrors(errors: FieldErrors): FieldErrors {
  const flat: Record<string, string> = {};
  const walk = (node: FieldErrors, prefix: string) => {
    for (const [field, value] of Object.entries(node)) {
      if (typeof value === 'string') flat[`${prefix}${field}`] = value;
      else walk(value, `${prefix}${field}.`);
    }
  };
  walk(errors, '');
  return nestFieldErrors(flat);
}

/**
 * The single form body of the create, edit and section screens: the schema form (only `fields`
 * on a section screen; a create starts with the values its address carries, `?source=`), submitted through react-admin's save (from `<Create>` / `<Edit>`). When the API refuses fields, the save resolves
 * with them (`HttpError` body `errors`) and they show under the fields; react-admin shows the
 * server's message as a notification.
 */
export interface RecordFormProps {
  operation: WriteOperation;
  /** Only these fields (a section screen). */
  fields?: readonly string[];
  /** Shown but not editable (`x-resource.own.locked` on the merchant's own record). */
  locked?: readonly string[];
  /** Where Cancel goes when the screen was opened directly (no page to go back to). */
  cancelTo?: string;
}

/**
 * Where Cancel leads: back to the page the user came from, else the record's page (or the list
 * when the entity has none), else the list.
 */
function useCancel(cancelTo: string | undefined, id: unknown) {
  const navigate = useNavigate();
  const location = useLocation();
  const entity = useEntitySchema();
  return useCallback(() => {
    // The first page of a visit has the key "default": nothing of ours to go back to.
    if (location.key !== 'default') return void navigate(-1);
    const target =
      cancelTo ??
      (id !== undefined && allows(entity, 'show')
        ? resourcePath({ resource: entity.$id, type: 'show', id: String(id) })
        : resourcePath({ resource: entity.$id, type: 'list' }));
    navigate(target);
  }, [cancelTo, entity, id, location.key, navigate]);
}

/**
 * The card around a form lets the Save / Cancel bar stick to the screen's bottom: a card that
 * clips its overflow would hold the bar at the form's end instead. Not clipping, it must still be
 * free to be narrower than its widest content (a row of tabs that scrolls), or a phone's page
 * would widen to it.
 */
export const stickyBarRoom = {
  '& .RaEdit-card, & .RaCreate-card': { overflow: 'visible', minWidth: 0 },
} as const;

/** The Save / Cancel bar, stuck to the bottom of the screen while the form scrolls under it. */
const stickyBar = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1.5,
  mt: 3,
  mx: -2,
  px: 2,
  py: 1.5,
  bgcolor: 'background.paper',
  borderTop: 1,
  borderColor: 'divider',
} as const;

export function RecordForm({ operation, fields, locked, cancelTo }: RecordFormProps) {
  const entity = useEntitySchema();
  const translate = useTranslate();
  const [language] = useLocaleState();
  const { save, saving } = useSaveContext();
  const { permissions: access } = usePermissions<PortalPermissions>();
  const settings = useMerchantSettings();
  const shown = useRecordContext<Values>();
  // A create started from another record (`?source=`, `x-resource.creates`) starts with its values.
  const fromLocation = useRecordFromLocation();
  const record = shown ?? (operation === 'create' ? (fromLocation ?? undefined) : undefined);
  const [serverErrors, setServerErrors] = useState<FieldErrors>();
  const cancel = useCancel(cancelTo, record?.id);

  const submit = useCallback(
    async (data: Values) => {
      setServerErrors(undefined);
      const refused: unknown = await save?.(data);
      if (isFieldErrors(refused)) setServerErrors(nestedErrors(refused));
    },
    [save],
  );

  if (operation === 'update' && !record) return <Loading />;
  return (
    <CardContent sx={{ maxWidth: 1100, pb: 0, '&:last-child': { pb: 0 } }}>
      <SchemaForm
        id={`${entity.$id}-${operation}-form`}
        entity={entity}
        operation={operation}
        fields={fields}
        record={record}
        onSubmit={submit}
        serverErrors={serverErrors}
        translate={translate}
        language={language}
        disabled={saving}
        access={access}
        locked={locked}
        settings={settings}
      >
        <Box role="group" aria-label={translate('app.form.actions')} sx={stickyBar}>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <Save />}
          >
            {translate('ra.action.save')}
          </Button>
          <Button type="button" variant="text" startIcon={<Close />} onClick={cancel} disabled={saving}>
            {translate('ra.action.cancel')}
          </Button>
        </Box>
      </SchemaForm>
    </CardContent>
  );
}
