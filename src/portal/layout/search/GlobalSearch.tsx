import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { alpha, useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { resourcePath } from '../../resources/screenPaths';
import { useNavigate } from 'react-router';
import { SearchResults } from './SearchResults';
import { movedIndex, searchOptions, type SearchOption } from './searchOptions';
import { useSearchAnswer } from './useSearchAnswer';
import { useSlashKey } from './useSlashKey';

/**
 * The app bar's search: finds invoices, payments, refunds, customers, sale orders and tenants
 * (whatever `GET /v1/search` answers the user may see), grouped by kind, as a combobox whose
 * options open the record's page. `/` focuses it from anywhere but a text field. On a desktop it
 * is a field in the bar with its answer below; on a phone an icon opening it full-width.
 */
export function GlobalSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const id = useId().replace(/:/g, '');
  const listId = `${id}-results`;
  const search = useSearchAnswer(text);
  const answer = 'answer' in search ? search.answer : undefined;
  const options = useMemo(() => searchOptions(answer, id), [answer, id]);
  const current = active >= 0 && active < options.length ? active : -1;

  const pathOf = useCallback(
    (option: SearchOption) => resourcePath({ resource: option.entity, id: option.hit.id, type: 'show' }),
    [],
  );
  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  const opened = useCallback(() => {
    close();
    setText('');
    input.current?.blur();
  }, [close]);
  useSlashKey(
    useCallback(() => {
      setOpen(true);
      // On a phone the field mounts with the dialog, which focuses it once shown.
      input.current?.focus();
      input.current?.select();
    }, []),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive(movedIndex(current, options.length, event.key));
    } else if (event.key === 'Enter') {
      const option = options[current] ?? (options.length > 0 ? options[0] : undefined);
      if (!option) return;
      event.preventDefault();
      navigate(pathOf(option));
      opened();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && !phone && text) close();
      else {
        close();
        setText('');
        input.current?.blur();
      }
    }
  };

  const field = (
    <InputBase
      inputRef={input}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        setOpen(true);
        setActive(-1);
      }}
      onFocus={() => setOpen(true)}
      onKeyDown={onKeyDown}
      placeholder={translate('app.search.placeholder')}
      title={phone ? undefined : translate('app.search.shortcut')}
      autoComplete="off"
      startAdornment={<SearchIcon fontSize="small" sx={{ mx: 1, flexShrink: 0 }} aria-hidden />}
      inputProps={{
        role: 'combobox',
        dir: 'auto',
        enterKeyHint: 'search',
        'aria-label': translate('app.search.label'),
        'aria-expanded': open,
        'aria-controls': listId,
        'aria-autocomplete': 'list',
        'aria-activedescendant': open && current >= 0 ? options[current].id : undefined,
        'aria-keyshortcuts': '/',
      }}
      sx={{ color: 'inherit', flex: 1, minWidth: 0, '& input': { py: 0.75 } }}
    />
  );
  const results = (
    <SearchResults
      id={listId}
      search={search}
      options={options}
      active={current}
      pathOf={pathOf}
      onActive={setActive}
      onOpen={opened}
    />
  );

  if (phone)
    return (
      <>
        <IconButton color="inherit" aria-label={translate('app.search.open')} onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
        <Dialog
          fullScreen
          open={open}
          onClose={opened}
          aria-label={translate('app.search.label')}
          slotProps={{ transition: { onEntered: () => input.current?.focus() } }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, p: 1, borderBottom: 1, borderColor: 'divider' }}>
            {field}
            <IconButton aria-label={translate('app.search.close')} onClick={opened}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Box sx={{ overflowY: 'auto' }}>{results}</Box>
        </Dialog>
      </>
    );

  return (
    <ClickAwayListener onClickAway={close}>
      <Box sx={{ position: 'relative', flex: '0 1 360px', minWidth: 200, mx: 2 }}>
        <Box
          ref={setAnchor}
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            borderRadius: 1,
            bgcolor: alpha(theme.palette.common.white, 0.15),
            '&:hover, &:focus-within': { bgcolor: alpha(theme.palette.common.white, 0.25) },
          })}
        >
          {field}
        </Box>
        <Popper
          open={open && text.trim().length > 0}
          anchorEl={anchor}
          placement="bottom-end"
          disablePortal
          sx={{ zIndex: (theme) => theme.zIndex.modal, width: 'min(440px, calc(100vw - 32px))' }}
        >
          <Paper elevation={8} sx={{ mt: 0.5, maxHeight: '70vh', overflowY: 'auto' }}>
            {results}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
