import ExpandMore from '@mui/icons-material/ExpandMore';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Search from '@mui/icons-material/Search';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { Loading, Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import type { EntityRecord } from '../../../generated/entities';
import { enumLabelKey } from '../../forms/uiSchema';

type FaqRow = EntityRecord<'faq'>;
type GuideRow = EntityRecord<'demo_guide'>;

const ALL = { pagination: { page: 1, perPage: 100 }, sort: { field: 'order', order: 'ASC' as const } };

/** Whether `texts` together hold every word of `query`, ignoring case (either language may be typed). */
function matches(query: string, texts: (string | undefined)[]): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.filter(Boolean).join(' ').toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

function Questions({ rows, language }: { rows: FaqRow[]; language: string }) {
  const translate = useTranslate();
  return (
    <Box>
      {rows.map((row) => (
        <Accordion key={row.id} disableGutters>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {language === 'ar' ? row.question_ar : row.question}
              </Typography>
              {row.category && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={translate(enumLabelKey('faq', 'category', row.category))}
                />
              )}
            </Box>
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{language === 'ar' ? row.answer_ar : row.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function Guides({ rows, language }: { rows: GuideRow[]; language: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      {rows.map((row) => {
        const title = language === 'ar' ? row.title_ar : row.title;
        return (
          <Card key={row.id} variant="outlined" component="article">
            <CardContent>
              <Typography variant="h6" component="h3">
                {title}
              </Typography>
              <Typography color="text.secondary">
                {language === 'ar' ? row.description_ar || row.description : row.description}
              </Typography>
            </CardContent>
            {row.video_url && (
              <CardActions>
                <Button
                  href={row.video_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  startIcon={<OndemandVideo />}
                  aria-label={`${translate('app.account.faq.watch')}: ${title}`}
                >
                  {translate('app.account.faq.watch')}
                </Button>
              </CardActions>
            )}
          </Card>
        );
      })}
    </Box>
  );
}

/**
 * `/account/faq` (SPEC §2): the frequently asked questions as an accordion and the demo guides,
 * in the reader's language, narrowed as they type (in either language).
 */
export default function FaqPage() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const faq = useGetList<FaqRow>('faq', ALL);
  const guides = useGetList<GuideRow>('demo_guide', ALL);
  const questions = useMemo(
    () => (faq.data ?? []).filter((row) => matches(query, [row.question, row.question_ar, row.answer, row.answer_ar])),
    [faq.data, query],
  );
  const videos = useMemo(
    () =>
      (guides.data ?? []).filter((row) =>
        matches(query, [row.title, row.title_ar, row.description, row.description_ar]),
      ),
    [guides.data, query],
  );
  const error = faq.error ?? guides.error;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 3 }}>
      <Title title={translate('app.account.faq.title')} />
      <TextField
        id={searchId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        label={translate('app.account.faq.search')}
        sx={{ maxWidth: 480 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      {error && <Alert severity="error">{error.message}</Alert>}
      {faq.isPending || guides.isPending ? (
        <Loading />
      ) : (
        <>
          {questions.length === 0 && videos.length === 0 && (
            <Typography role="status">{translate('app.account.faq.no_results')}</Typography>
          )}
          {questions.length > 0 && (
            <section>
              <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
                {translate('app.account.faq.questions')}
              </Typography>
              <Questions rows={questions} language={language} />
            </section>
          )}
          {videos.length > 0 && (
            <section>
              <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
                {translate('app.account.faq.guides')}
              </Typography>
              <Guides rows={videos} language={language} />
            </section>
          )}
        </>
      )}
    </Box>
  );
}
