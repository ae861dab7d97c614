import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import type { PropertySchema } from '../../../schema/types';
import { imageOverLimit, sizeOverLimit } from '../../../shared/uploads';
import { fieldAria } from '../fieldAria';
import { formContextOf } from '../formContext';

/** Enough of a file to read an image's size from its header. */
const HEADER_BYTES = 64 * 1024;

/**
 * A property with `x-file`: the input accepts the types the schema lists; the chosen File is kept
 * in the form context for the multipart upload while the form data holds its name. A file over
 * the field's size or pixel limits is refused at once, with the message the API would give.
 * Images show a preview (the new file, or the stored one when editing).
 */
export function FileWidget(props: WidgetProps) {
  const {
    id,
    name,
    value,
    onChange,
    onBlur,
    label,
    required,
    disabled,
    readonly,
    rawErrors = [],
    schema,
    registry,
  } = props;
  const { files, translate } = formContextOf(registry);
  const spec = (schema as PropertySchema)['x-file'];
  const isImage = spec?.accept.every((type) => type.startsWith('image/')) ?? false;
  const [chosen, setChosen] = useState<File | undefined>(() => files.get(name));
  const objectUrl = useMemo(() => (chosen && isImage ? URL.createObjectURL(chosen) : undefined), [chosen, isImage]);
  // The preview's object URL holds the file in memory until it is released.
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );

  const [refusal, setRefusal] = useState<string>();

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    let file = input.files?.[0];
    setRefusal(undefined);
    if (file && spec) {
      const header = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
      const problem = sizeOverLimit(file.size, spec) ?? (isImage ? imageOverLimit(header, spec) : null);
      if (problem) {
        setRefusal(translate(problem.key, problem.params));
        input.value = '';
        file = undefined;
      }
    }
    if (file) files.set(name, file);
    else files.delete(name);
    setChosen(file);
    onChange(file ? file.name : undefined);
  };

  const refusalId = `${id}__refusal`;
  const stored = typeof value === 'string' && value && !chosen ? value : undefined;
  const preview = isImage ? (objectUrl ?? stored) : undefined;
  return (
    <FormControl
      error={rawErrors.length > 0 || Boolean(refusal)}
      required={required}
      disabled={disabled || readonly}
      fullWidth
    >
      <FormLabel htmlFor={id} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {preview && (
          <Box
            component="img"
            src={preview}
            alt={translate('app.form.preview')}
            sx={{
              width: 96,
              height: 96,
              objectFit: 'contain',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.default',
            }}
          />
        )}
        {/*
          The file input itself is the control (focusable, named by the field's label), visually
          hidden; the label after it looks like a button and opens it. A button wrapped around the
          input would be one interactive element inside another.
        */}
        <Box
          component="input"
          id={id}
          name={name}
          type="file"
          accept={spec?.accept.join(',')}
          disabled={disabled || readonly}
          onChange={handleChange}
          onBlur={() => onBlur(id, value)}
          {...fieldAria(id, rawErrors)}
          {...(refusal ? { 'aria-invalid': true, 'aria-describedby': refusalId } : {})}
          sx={{
            ...visuallyHidden,
            '&:focus-visible + label': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        />
        <Button
          component="label"
          htmlFor={id}
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={disabled || readonly}
          tabIndex={-1}
          role={undefined}
        >
          {translate('app.form.choose_file')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {chosen?.name ?? stored ?? translate('app.form.no_file')}
        </Typography>
      </Box>
      {refusal && (
        <FormHelperText id={refusalId} error role="alert">
          {refusal}
        </FormHelperText>
      )}
    </FormControl>
  );
}
