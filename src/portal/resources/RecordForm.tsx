import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useState } from 'react';
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
import { SchemaForm } from '../forms/SchemaForm';
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
export function RecordForm({ operation, fields }: { operation: WriteOperation; fields?: readonly string[] }) {
  const entity = useEntitySchema();
  const translate = useTranslate();
  const [language] = useLocaleState();
  const { save, saving } = useSaveContext();
  const { permissions: access } = usePermissions<PortalPermissions>();
  const shown = useRecordContext<Values>();
  // A create started from another record (`?source=`, `x-resource.creates`) starts with its values.
  const fromLocation = useRecordFromLocation();
  const record = shown ?? (operation === 'create' ? (fromLocation ?? undefined) : undefined);
  const [serverErrors, setServerErrors] = useState<FieldErrors>();

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
    <CardContent sx={{ maxWidth: 760 }}>
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
      >
        <Box sx={{ display: 'flex', gap: 2, mt: 3 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <Save />}
          >
            {translate('ra.action.save')}
          </Button>
        </Box>
      </SchemaForm>
    </CardContent>
  );
}
