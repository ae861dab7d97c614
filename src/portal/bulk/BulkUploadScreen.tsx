import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Confirm, Title, useLocaleState, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { getEntitySchema } from '../../schema/registry';
import { writeSchema } from '../../schema/variants';
import { formatKwd } from '../../shared/money';
import { bulkColumns, templateCsv } from '../../shared/spreadsheet/invoiceRows';
import { translateMessage } from '../data/catalogues';
import { formatDate, formatNumber } from '../resources/format';
import { CheckSummary } from './CheckSummary';
import { FileChooser } from './FileChooser';
import { ProblemTable, type ShownProblem } from './ProblemTable';
import { createUpload, UploadRefused } from './uploadApi';
import { useSpreadsheetCheck } from './useSpreadsheetCheck';

/** Where the uploads are listed (SPEC §2); the screen goes back there once the invoices exist. */
const UPLOADS_PATH = '/sms/bulk-upload';

const fieldLabel = (field: string) => `resources.invoice.fields.${field}`;

/**
 * Bulk SMS invoices by file upload: the merchant chooses a CSV, XLS or XLSX file (a template CSV
 * names the columns), a worker reads and checks every row against the invoice's rules, the screen
 * shows the counts and each problem (row, field, message), and "Create N invoices" — once
 * confirmed — sends the valid rows, to be sent by SMS now or at the chosen time.
 */
export default function BulkUploadScreen() {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const notify = useNotify();
  const redirect = useRedirect();
  const columns = useMemo(() => bulkColumns(writeSchema(getEntitySchema('invoice'), 'create')), []);
  // A header may name a column by its label, in English or in the user's language.
  const aliases = useMemo(
    () =>
      Object.fromEntries(
        columns.flatMap((field) => [
          [translateMessage(fieldLabel(field), 'en'), field],
          [translate(fieldLabel(field)), field],
        ]),
      ),
    [columns, translate],
  );
  const { state, check, reset } = useSpreadsheetCheck(aliases);
  const [missingFile, setMissingFile] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<UploadRefused | null>(null);

  const title = translate('app.bulk.title');
  const file = state.status === 'idle' ? null : state.file;
  const checked = state.status === 'checked' ? state.check : null;
  const valid = checked?.rows.length ?? 0;
  const scheduledAt = sendAt ? new Date(sendAt).toISOString() : undefined;

  let fileError: string | null = null;
  if (missingFile) fileError = translate('app.bulk.select_file');
  else if (state.status === 'refused') {
    const fields = Array.isArray(state.params.fields) ? (state.params.fields as string[]) : [];
    fileError = translate(state.key, {
      ...state.params,
      columns: fields.map((field) => translate(fieldLabel(field))).join(language === 'ar' ? '، ' : ', '),
      limit: typeof state.params.limit === 'number' ? formatNumber(state.params.limit, language) : state.params.limit,
    });
  }

  const choose = (chosen: File) => {
    setMissingFile(false);
    setRefusal(null);
    void check(chosen);
  };

  const askToCreate = () => {
    if (!file) {
      setMissingFile(true);
      return;
    }
    if (checked && valid > 0) setAsking(true);
  };

  const create = async () => {
    if (!checked || !file) return;
    setAsking(false);
    setSending(true);
    try {
      const upload = await createUpload({
        file_name: file.name,
        ...(scheduledAt ? { scheduled_at: scheduledAt } : {}),
        invalid_rows: checked.invalidRows,
        rows: checked.rows,
      });
      const created = upload.valid_rows ?? valid;
      notify('app.bulk.created', {
        type: 'success',
        messageArgs: { smart_count: created, count: formatNumber(created, language) },
      });
      reset();
      redirect(UPLOADS_PATH);
    } catch (error) {
      const message = error instanceof Error ? error.message : translate('app.message.generic_error');
      setRefusal(error instanceof UploadRefused ? error : new UploadRefused(message, []));
    } finally {
      setSending(false);
    }
  };

  // A count picks its message's form (`smart_count`) and is shown as the language writes numbers.
  const counted = (count: number) => ({ smart_count: count, count: formatNumber(count, language) });
  const withoutNumber = checked?.rows.filter((row) => !row.values.invoice_number).length ?? 0;
  const question = checked
    ? [
        translate(scheduledAt ? 'app.bulk.confirm_scheduled' : 'app.bulk.confirm', {
          ...counted(valid),
          amount: formatKwd(checked.totalAmount, language),
          time: scheduledAt ? formatDate(scheduledAt, language, true) : '',
        }),
        checked.invalidRows > 0 ? translate('app.bulk.confirm_skipped', counted(checked.invalidRows)) : '',
        columns.includes('invoice_number') && withoutNumber > 0
          ? translate('app.bulk.confirm_no_number', counted(withoutNumber))
          : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';

  const problems: readonly ShownProblem[] = refusal?.problems.length ? refusal.problems : (checked?.problems ?? []);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 1100 }}>
      {/* The app bar shows the title as the page's heading. */}
      <Title title={title} />
      <Link component={RouterLink} to={UPLOADS_PATH} variant="body2" sx={{ justifySelf: 'start' }}>
        {translate('app.bulk.back')}
      </Link>

      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2">
            {translate('app.bulk.intro')} {/* Column names are read left to right in either language. */}
            <Box component="code" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
              {columns.join(',')}
            </Box>{' '}
            <Link
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(columns))}`}
              download="bulk-invoices-template.csv"
            >
              {translate('app.bulk.template')}
            </Link>
          </Typography>
          <FileChooser file={file} error={fileError} disabled={sending} onChoose={choose} />
          <TextField
            type="datetime-local"
            size="small"
            label={translate('app.bulk.send_at')}
            helperText={translate('app.bulk.send_at_hint')}
            value={sendAt}
            onChange={(event) => setSendAt(event.target.value)}
            disabled={sending}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 320 }}
          />
        </CardContent>
      </Card>

      {state.status === 'reading' && (
        <Box role="status">
          <Typography variant="body2">{translate('app.bulk.reading')}</Typography>
          <LinearProgress aria-label={translate('app.bulk.reading')} />
        </Box>
      )}

      {refusal && <Alert severity="error">{refusal.message}</Alert>}
      {checked && <CheckSummary check={checked} />}
      {checked && valid === 0 && <Alert severity="warning">{translate('app.bulk.no_valid')}</Alert>}
      {checked && problems.length === 0 && <Alert severity="success">{translate('app.bulk.all_valid')}</Alert>}

      {problems.length > 0 && (
        <Card variant="outlined" component="section" aria-labelledby="bulk-problems">
          <CardContent>
            <Typography id="bulk-problems" component="h2" variant="h6">
              {translate('app.bulk.problems')} ({formatNumber(problems.length, language)})
            </Typography>
            <ProblemTable problems={problems} label={translate('app.bulk.problems')} />
          </CardContent>
        </Card>
      )}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={askToCreate}
          disabled={sending || state.status === 'reading' || (state.status !== 'idle' && valid === 0)}
        >
          {valid > 0
            ? translate('app.bulk.create', { smart_count: valid, count: formatNumber(valid, language) })
            : translate('app.bulk.create_none')}
        </Button>
      </Box>
      <Confirm
        isOpen={asking}
        loading={sending}
        title={translate('app.bulk.confirm_title')}
        content={question}
        onConfirm={create}
        onClose={() => setAsking(false)}
      />
      {sending && <LinearProgress />}
    </Box>
  );
}
