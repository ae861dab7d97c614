import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { visuallyHidden } from '@mui/utils';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { SPREADSHEET_ACCEPT } from '../../shared/spreadsheet/sheet';

/**
 * The file input of an upload: a button that opens the file picker (its label is the input's
 * name), the chosen file's name, and the message about the file under it.
 */
export function FileChooser({
  file,
  error,
  disabled,
  onChoose,
}: {
  file: File | null;
  error: string | null;
  disabled?: boolean;
  onChoose: (file: File) => void;
}) {
  const translate = useTranslate();
  const errorId = useId();
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={disabled}>
          {translate('app.bulk.choose_file')}
          <Box
            component="input"
            type="file"
            accept={SPREADSHEET_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
              const chosen = event.target.files?.[0];
              // The same file may be chosen again after it was corrected on disk.
              event.target.value = '';
              if (chosen) onChoose(chosen);
            }}
            sx={visuallyHidden}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : translate('app.bulk.no_file')}
        </Typography>
      </Box>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ fontSize: '0.875rem' }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
