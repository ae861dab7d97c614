import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { getEntitySchema } from '../../../schema/registry';
import { toneOf } from '../../../schema/tones';
import { formatKwd } from '../../../shared/money';
import { SEARCH_MIN_LENGTH } from '../../../shared/search';
import { humanise } from '../../forms/translate';
import { fieldLabelKey } from '../../forms/uiSchema';
import { displayText } from '../../resources/RecordValue';
import { StatusChip } from '../../resources/StatusChip';
import type { SearchOption } from './searchOptions';
import type { SearchState } from './useSearchAnswer';

interface SearchResultsProps {
  id: string;
  search: SearchState;
  options: SearchOption[];
  active: number;
  /** The record page of an option (`useCreatePath`). */
  pathOf: (option: SearchOption) => string;
  onActive: (index: number) => void;
  onOpen: () => void;
}

/** A line of muted text: the hint, the "type more", the "nothing found". */
function Note({ children }: { children: string }) {
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
      {children}
    </Typography>
  );
}

/** One record found: its title and status, the amount, and what matched. */
function OptionContent({ option }: { option: SearchOption }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const entity = getEntitySchema(option.entity);
  const { title, status, figure, match } = option.hit;
  const display = { resource: option.entity, translate, language };
  const label = (field: string) => translate(fieldLabelKey(option.entity, field), { _: humanise(field) });
  return (
    <>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', flexShrink: 0 }}>
            <bdi>{title ?? `${translate(`resources.${option.entity}.name`, { smart_count: 1 })} ${option.hit.id}`}</bdi>
          </Typography>
          {status && (
            // The chip gives way before the title does: a reference is read whole.
            <Box sx={{ display: 'flex', minWidth: 0 }}>
              <StatusChip
                label={displayText(display, status.field, entity.properties[status.field], status.value)}
                tone={toneOf(status.field, entity.properties[status.field], status.value)}
              />
            </Box>
          )}
        </Box>
        {match && (
          <Typography component="span" variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
            {label(match.field)}: <bdi>{match.value}</bdi>
          </Typography>
        )}
      </Box>
      {figure && (
        <Typography
          component="span"
          variant="body2"
          sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
        >
          <bdi>{formatKwd(figure, language)}</bdi>
        </Typography>
      )}
    </>
  );
}

/**
 * The answer of the app bar's search: the records found grouped by kind (a listbox of groups,
 * each named by the kind's plural), the one the arrows reached highlighted, each opening the
 * record's page in one click; or what to do instead (type more, nothing found, the failure).
 */
export function SearchResults({ id, search, options, active, pathOf, onActive, onOpen }: SearchResultsProps) {
  const translate = useTranslate();
  if (search.state === 'idle') return <Note>{translate('app.search.hint')}</Note>;
  if (search.state === 'short')
    return <Note>{translate('app.search.too_short', { smart_count: SEARCH_MIN_LENGTH })}</Note>;
  if (search.state === 'failed')
    return (
      <Alert severity="error" sx={{ m: 1 }}>
        {search.error}
      </Alert>
    );
  const answer = search.answer;
  if (!answer)
    return (
      <Box>
        <LinearProgress aria-label={translate('app.search.searching')} />
        <Note>{translate('app.search.searching')}</Note>
      </Box>
    );
  if (answer.groups.length === 0) return <Note>{translate('app.search.empty', { q: answer.q })}</Note>;
  let index = -1;
  return (
    <Box>
      {search.state === 'loading' && <LinearProgress aria-label={translate('app.search.searching')} />}
      <Box id={id} role="listbox" aria-label={translate('app.search.results')} sx={{ py: 0.5 }}>
        {answer.groups.map((group) => {
          const kind = translate(`resources.${group.entity}.name`, { smart_count: 2, _: humanise(group.entity) });
          return (
            <Box key={group.entity} role="group" aria-label={kind} sx={{ py: 0.5 }}>
              <Typography
                aria-hidden="true"
                variant="overline"
                color="text.secondary"
                sx={{ display: 'block', px: 2, lineHeight: 2 }}
              >
                {kind}
                {group.more && group.hits.length > 0 && ` · ${translate('app.search.more')}`}
              </Typography>
              {group.hits.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.75 }}>
                  {translate('app.search.older_only')}
                </Typography>
              )}
              {group.hits.map(() => {
                const at = ++index;
                const option = options[at];
                return (
                  <Box
                    key={option.id}
                    id={option.id}
                    component={Link}
                    to={pathOf(option)}
                    role="option"
                    aria-selected={at === active}
                    tabIndex={-1}
                    onMouseMove={() => at !== active && onActive(at)}
                    onClick={onOpen}
                    data-entity={option.entity}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      px: 2,
                      py: 0.75,
                      color: 'text.primary',
                      textDecoration: 'none',
                      bgcolor: at === active ? 'action.selected' : undefined,
                    }}
                  >
                    <OptionContent option={option} />
                  </Box>
                );
              })}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
