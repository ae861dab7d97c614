import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { useTranslate } from 'ra-core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { confirmEmptyQuestion, type MerchantSettings } from '../../schema/confirmEmpty';
import type { EntitySchema } from '../../schema/types';
import { withoutInapplicable } from '../../schema/formLayout';
import { notApplying } from '../../schema/when';
import { sectionSchema, writeSchema, type WriteOperation } from '../../schema/variants';
import type { FieldErrors } from '../data/fieldErrors';
import { catalogueErrors, serverErrorSchema, unchangedFieldErrors } from './errorMessages';
import type { PortalPermissions } from '../data/authProvider';
import type { SchemaFormContext } from './formContext';
import { useFilledFrom } from './filledFrom';
import { editableData } from './formData';
import { formTemplates } from './templates';
import type { Translate } from './translate';
import { deriveUiSchema } from './uiSchema';
import { formValidator } from './validator';
import { formWidgets } from './widgets';

type FormValues = Record<string, unknown>;

export interface SchemaFormProps {
  /** The entity; the form shows `writeSchema(entity, operation)`. */
  entity: EntitySchema;
  operation: WriteOperation;
  /** Only these properties of the write schema (a section screen); all of them when left out. */
  fields?: readonly string[];
  /** The record being edited (read-only and unknown fields are dropped), or initial values. */
  record?: FormValues;
  /** Called with valid data only; files chosen in file widgets are included as `File`s. */
  onSubmit: (data: FormValues) => void | Promise<void>;
  /** Errors the server returned per field (`HttpError` body `errors`), shown under the fields. */
  serverErrors?: FieldErrors;
  /**
   * Message lookup; default react-admin's (keys are shown as they are outside react-admin). A new
   * function for each language (react-admin's and the shell's are), so labels and messages follow.
   */
  translate?: Translate;
  /** Current language, for widgets that format by language. */
  language?: string;
  disabled?: boolean;
  /** The submit area (a toolbar with a submit button); the form renders no button of its own. */
  children?: ReactNode;
  id?: string;
  /** The signed-in user's access: values they lack the permission of are not offered (`x-permissions`). */
  access?: PortalPermissions;
  /** Fields shown but not editable here (the merchant's own `active` flag, `x-resource.own.locked`). */
  locked?: readonly string[];
  /** The signed-in merchant's settings (the profile's): an `x-confirmEmpty` naming one asks only when it is on. */
  settings?: MerchantSettings;
}

/** The top-level field an rjsf error is about (`.customer_ids.0` → `customer_ids`). */
const topField = (property: string | undefined) => (property ?? '').replace(/^\./, '').split(/[.[]/)[0];

/**
 * The confirmation message of the first `x-confirmEmpty` field left empty whose question applies
 * (always, or when the merchant's setting it names is on), if any.
 */
function emptyToConfirm(schema: EntitySchema, data: FormValues, settings?: MerchantSettings): string | undefined {
  for (const [name, property] of Object.entries(schema.properties)) {
    const message = confirmEmptyQuestion(property['x-confirmEmpty'], settings);
    if (message && (data[name] === undefined || data[name] === '' || data[name] === null)) return message;
  }
  return undefined;
}

/** First field path (rjsf id form, `root_a_b`) of nested server errors. */
function firstErrorId(errors: FieldErrors, prefix = 'root'): string | undefined {
  const [field, value] = Object.entries(errors)[0] ?? [];
  if (field === undefined) return undefined;
  return typeof value === 'string' ? `${prefix}_${field}` : firstErrorId(value, `${prefix}_${field}`);
}

/**
 * Brings the first field the server refused into view and focus, as rjsf does for its own errors
 * (`focusOnFirstError`): the message under it may be far down a long form.
 */
function useFirstRefusedField(serverErrors: FieldErrors | undefined) {
  useEffect(() => {
    const id = serverErrors && firstErrorId(serverErrors);
    if (!id) return;
    const field = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}"]`);
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
  }, [serverErrors]);
}

/**
 * The one form body of every create and edit screen: rjsf over the entity's write schema, validated
 * on submit by the product's ajv (same keywords as the API), messages from the catalogue.
 * Usable on its own (tests, custom pages) as well as inside react-admin's save flow.
 */
export function SchemaForm({
  entity,
  operation,
  fields,
  record,
  onSubmit,
  serverErrors,
  translate: translateProp,
  language = 'en',
  disabled,
  children,
  id,
  access,
  locked,
  settings,
}: SchemaFormProps) {
  const raTranslate = useTranslate();
  const translate: Translate = translateProp ?? raTranslate;

  // Stable objects for rjsf: a new schema, uiSchema or context on each render remounts fields.
  const schema = useMemo(() => {
    const whole = writeSchema(entity, operation);
    return fields ? sectionSchema(whole, fields) : whole;
  }, [entity, operation, fields]);
  const [formData, setFormData] = useState<FormValues>(() => withoutInapplicable(schema, editableData(schema, record)));
  // `x-when`: the fields that do not apply to the record as it stands (by its kind) are hidden.
  const hiddenKey = notApplying(schema, formData).join(',');
  const uiSchema = useMemo(
    () => deriveUiSchema(entity, schema, translate, hiddenKey ? hiddenKey.split(',') : [], locked),
    [entity, schema, translate, hiddenKey, locked],
  );
  // rjsf fills defaults (an empty list) back into hidden fields: their errors are not the user's to fix.
  const transformErrors = useMemo(() => {
    const messages = catalogueErrors(entity, translate);
    const hidden = hiddenKey ? hiddenKey.split(',') : [];
    return (errors: RJSFValidationError[], uiSchemaArg?: Parameters<typeof messages>[1]) =>
      messages(
        errors.filter((error) => !hidden.includes(topField(error.property))),
        uiSchemaArg,
      );
  }, [entity, translate, hiddenKey]);
  const [files] = useState(() => new Map<string, File>());
  const formContext = useMemo<SchemaFormContext>(
    () => ({ resource: entity.$id, language, translate, files, access }),
    [entity.$id, language, translate, files, access],
  );

  useFirstRefusedField(serverErrors);

  // Fields the server fills from a referenced record (`x-from`) follow the reference chosen.
  useFilledFrom(schema, formData, setFormData);
  // The values the server's errors were about: the data as it stood when they arrived.
  const [refused, setRefused] = useState<{ errors?: FieldErrors; sent: FormValues }>({ sent: {} });
  if (refused.errors !== serverErrors) setRefused({ errors: serverErrors, sent: formData });
  const extraErrors = useMemo(
    () => serverErrorSchema(unchangedFieldErrors(refused.errors, refused.sent, formData)),
    [refused, formData],
  );
  const handleChange = useCallback(
    (event: IChangeEvent<FormValues>) => setFormData(withoutInapplicable(schema, event.formData ?? {})),
    [schema],
  );
  // Each message sits under its field; a missing required field also gets SPEC §8's summary above the buttons.
  const [missingRequired, setMissingRequired] = useState(false);
  const handleError = useCallback(
    (errors: RJSFValidationError[]) => setMissingRequired(errors.some((error) => error.name === 'required')),
    [],
  );
  // `x-confirmEmpty`: a field that may be left empty, but only after the user confirms it (SPEC §5).
  const [confirming, setConfirming] = useState<{ message: string; data: FormValues } | null>(null);
  const handleSubmit = useCallback(
    (event: IChangeEvent<FormValues>) => {
      setMissingRequired(false);
      const data: FormValues = withoutInapplicable(schema, { ...(event.formData ?? {}) });
      for (const [name, file] of files) if (name in schema.properties) data[name] = file;
      const unconfirmed = emptyToConfirm(schema, data, settings);
      if (unconfirmed) {
        setConfirming({ message: unconfirmed, data });
        return;
      }
      return onSubmit(data);
    },
    [files, onSubmit, schema, settings],
  );
  const confirm = () => {
    const data = confirming?.data;
    setConfirming(null);
    if (data) void onSubmit(data);
  };

  return (
    <Form
      id={id}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={formData}
      formContext={formContext}
      validator={formValidator}
      widgets={formWidgets}
      templates={formTemplates}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      onChange={handleChange}
      onSubmit={handleSubmit}
      onError={handleError}
      disabled={disabled}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
    >
      {missingRequired && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {translate('app.message.required_fields')}
        </Alert>
      )}
      {children}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="schema-form-confirm-title"
        aria-describedby="schema-form-confirm-text"
      >
        <DialogTitle id="schema-form-confirm-title">{translate('ra.message.are_you_sure')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="schema-form-confirm-text">
            {confirming && translate(confirming.message)}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{translate('ra.action.cancel')}</Button>
          <Button onClick={confirm} variant="contained">
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Form>
  );
}
