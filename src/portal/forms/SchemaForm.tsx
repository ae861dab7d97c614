import Alert from '@mui/material/Alert';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { useTranslate } from 'ra-core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EntitySchema } from '../../schema/types';
import { sectionSchema, writeSchema, type WriteOperation } from '../../schema/variants';
import type { FieldErrors } from '../data/fieldErrors';
import { catalogueErrors, serverErrorSchema, unchangedFieldErrors } from './errorMessages';
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
}: SchemaFormProps) {
  const raTranslate = useTranslate();
  const translate: Translate = translateProp ?? raTranslate;

  // Stable objects for rjsf: a new schema, uiSchema or context on each render remounts fields.
  const schema = useMemo(() => {
    const whole = writeSchema(entity, operation);
    return fields ? sectionSchema(whole, fields) : whole;
  }, [entity, operation, fields]);
  const uiSchema = useMemo(() => deriveUiSchema(entity, schema, translate), [entity, schema, translate]);
  const transformErrors = useMemo(() => catalogueErrors(entity, translate), [entity, translate]);
  const [files] = useState(() => new Map<string, File>());
  const formContext = useMemo<SchemaFormContext>(
    () => ({ resource: entity.$id, language, translate, files }),
    [entity.$id, language, translate, files],
  );

  useFirstRefusedField(serverErrors);

  const [formData, setFormData] = useState<FormValues>(() => editableData(schema, record));
  // Fields the server fills from a referenced record (`x-from`) follow the reference chosen.
  useFilledFrom(schema, formData, setFormData);
  // The values the server's errors were about: the data as it stood when they arrived.
  const [refused, setRefused] = useState<{ errors?: FieldErrors; sent: FormValues }>({ sent: {} });
  if (refused.errors !== serverErrors) setRefused({ errors: serverErrors, sent: formData });
  const extraErrors = useMemo(
    () => serverErrorSchema(unchangedFieldErrors(refused.errors, refused.sent, formData)),
    [refused, formData],
  );
  const handleChange = useCallback((event: IChangeEvent<FormValues>) => setFormData(event.formData ?? {}), []);
  // Each message sits under its field; a missing required field also gets SPEC §8's summary above the buttons.
  const [missingRequired, setMissingRequired] = useState(false);
  const handleError = useCallback(
    (errors: RJSFValidationError[]) => setMissingRequired(errors.some((error) => error.name === 'required')),
    [],
  );
  const handleSubmit = useCallback(
    (event: IChangeEvent<FormValues>) => {
      setMissingRequired(false);
      const data: FormValues = { ...(event.formData ?? {}) };
      for (const [name, file] of files) if (name in schema.properties) data[name] = file;
      return onSubmit(data);
    },
    [files, onSubmit, schema],
  );

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
    </Form>
  );
}
