import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatKwd } from '../../shared/money';
import {
  ENQUIRY_KEYS,
  type EnquiredTransaction,
  type EnquiryAnswer,
  type EnquiryKey,
  type EnquirySearch,
} from '../../shared/transaction-enquiry';
import { humanise } from '../forms/translate';
import { enumLabelKey, fieldLabelKey } from '../forms/uiSchema';
import { formatDate } from '../resources/format';
import { resourcePath } from '../resources/screenPaths';
import { http } from '../shell/providers';
import { TransactionStatus } from './dashboard/TransactionStatus';

/** The fields of a transaction each result shows, besides its reference and states. */
const DETAILS = ['created_at', 'customer_name', 'customer_mobile', 'payment_method', 'amount', 'track_id'] as const;

type Asked =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; answer: EnquiryAnswer }
  | { state: 'failed'; error: string };

/** One transaction found: its reference (to its record page), details, and both states as chips. */
function EnquiryResult({ found }: { found: EnquiredTransaction }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const { transaction } = found;
  const label = (field: string) => translate(fieldLabelKey('transaction', field), { _: humanise(field) });
  const value = (field: (typeof DETAILS)[number]) => {
    const raw = transaction[field];
    if (raw === undefined || raw === null || raw === '') return '—';
    if (field === 'amount') return formatKwd(String(raw), language);
    if (field === 'created_at') return formatDate(String(raw), language, true);
    if (field === 'payment_method')
      return translate(enumLabelKey('transaction', 'payment_method', String(raw)), { _: humanise(String(raw)) });
    return String(raw);
  };
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          <Link component={RouterLink} to={resourcePath({ resource: 'transaction', type: 'show', id: transaction.id })}>
            {transaction.reference_no ?? transaction.id}
          </Link>
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, m: 0 }}
        >
          {DETAILS.map((field) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label(field)}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, mb: { xs: 1, sm: 0.5 }, overflowWrap: 'anywhere' }}
              >
                {value(field)}
              </Typography>
            </Box>
          ))}
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate('app.transaction_enquiry.stored')}
          </Typography>
          <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0.5 }, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <TransactionStatus status={transaction.status} />
            {found.stored_status !== transaction.status && (
              <Typography variant="body2" color="text.secondary">
                {translate('app.transaction_enquiry.settled', {
                  status: translate(enumLabelKey('transaction', 'status', found.stored_status), {
                    _: humanise(found.stored_status),
                  }),
                })}
              </Typography>
            )}
          </Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate('app.transaction_enquiry.processor')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            {found.processor_status ? (
              <TransactionStatus status={found.processor_status} />
            ) : (
              <Typography variant="body2">{translate('app.transaction_enquiry.processor_none')}</Typography>
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Transaction enquiry (`/transaction-enquiry`, SPEC §7): finds the merchant's payments by reference
 * no, track id, payment id, or the payer's mobile with the amount, and shows each one's stored
 * status beside the processor's (asking may settle it), with the advice to wait 10 minutes before
 * treating a repeated payment as a duplicate.
 */
export default function TransactionEnquiry() {
  const translate = useTranslate();
  const [kind, setKind] = useState<EnquiryKey>('reference_no');
  const [value, setValue] = useState('');
  const [amount, setAmount] = useState('');
  const [asked, setAsked] = useState<Asked>({ state: 'idle' });
  const title = translate('app.transaction_enquiry.title');

  const search = (event: FormEvent) => {
    event.preventDefault();
    const query: EnquirySearch = { [kind]: value.trim() };
    if (kind === 'mobile') query.amount = amount.trim();
    setAsked({ state: 'loading' });
    http
      .get<EnquiryAnswer>('/transaction-enquiry', query as Record<string, string>)
      .then((answer) => setAsked({ state: 'done', answer }))
      .catch((error: unknown) =>
        setAsked({ state: 'failed', error: error instanceof Error ? error.message : String(error) }),
      );
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Box
            component="form"
            role="search"
            aria-label={title}
            onSubmit={search}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
          >
            <TextField
              select
              size="small"
              label={translate('app.transaction_enquiry.search_by')}
              value={kind}
              onChange={(event) => setKind(event.target.value as EnquiryKey)}
              sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            >
              {ENQUIRY_KEYS.map((key) => (
                <MenuItem key={key} value={key}>
                  {translate(`app.transaction_enquiry.keys.${key}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              required
              label={translate(`app.transaction_enquiry.keys.${kind}`)}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ htmlInput: { inputMode: kind === 'mobile' ? 'tel' : 'text', dir: 'ltr' } }}
              sx={{ flex: '1 1 200px' }}
            />
            {kind === 'mobile' && (
              <TextField
                size="small"
                required
                label={translate('app.transaction_enquiry.amount')}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
                sx={{ flex: '1 1 140px' }}
              />
            )}
            <Button type="submit" variant="contained" disabled={asked.state === 'loading'}>
              {translate('app.transaction_enquiry.search')}
            </Button>
          </Box>
        </CardContent>
      </Card>

      {asked.state === 'loading' && <Skeleton variant="rounded" height={160} />}
      {asked.state === 'failed' && <Alert severity="error">{asked.error}</Alert>}
      {asked.state === 'done' && asked.answer.advice && (
        <Alert severity="warning" role="alert">
          {asked.answer.advice}
        </Alert>
      )}
      {asked.state === 'done' && asked.answer.transactions.length === 0 && (
        <Alert severity="info">{translate('app.transaction_enquiry.empty')}</Alert>
      )}
      {asked.state === 'done' && asked.answer.transactions.length > 0 && (
        <Box
          component="ul"
          aria-label={translate('app.transaction_enquiry.results')}
          sx={{ display: 'grid', gap: 1.5, m: 0, p: 0, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
        >
          {asked.answer.transactions.map((found) => (
            <EnquiryResult key={found.transaction.id} found={found} />
          ))}
        </Box>
      )}
    </Box>
  );
}
