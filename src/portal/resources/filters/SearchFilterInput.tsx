import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { SEARCH_MIN_LENGTH } from '../../../schema/variants';

export interface SearchFilterInputProps {
  source: string;
  /** Read by react-admin's filter form: the search box is always shown. */
  alwaysOn?: boolean;
}

/**
 * The free-text search of a list (`q`). What is typed shows at once, but the list is filtered only
 * from three characters on (SPEC §5); below that the filter is lifted and the hint says why. (The
 * hint is not a helper text: react-admin's filter bar hides those.)
 */
export function SearchFilterInput({ source }: SearchFilterInputProps) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  const current = typeof field.value === 'string' ? field.value : '';
  const [text, setText] = useState(current);
  const committed = useRef(current);

  // A filter changed elsewhere ("clear filters", a saved query) replaces what is typed.
  useEffect(() => {
    if (current === committed.current) return;
    committed.current = current;
    setText(current);
  }, [current]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    const next = typed.trim().length >= SEARCH_MIN_LENGTH ? typed : '';
    if (next === committed.current) return;
    committed.current = next;
    field.onChange(next);
  };

  const length = text.trim().length;
  const hintId = `${id}-hint`;
  return (
    <Box sx={{ minWidth: { xs: '100%', sm: 300 } }}>
      <TextField
        id={id}
        type="search"
        size="small"
        fullWidth
        label={translate('app.list.search')}
        value={text}
        onChange={handleChange}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-describedby': hintId },
        }}
      />
      <Typography
        id={hintId}
        variant="caption"
        component="p"
        sx={{ mx: 1.5, mt: 0.5, color: length > 0 && length < SEARCH_MIN_LENGTH ? 'warning.dark' : 'text.secondary' }}
      >
        {translate('app.list.search_hint')}
      </Typography>
    </Box>
  );
}
