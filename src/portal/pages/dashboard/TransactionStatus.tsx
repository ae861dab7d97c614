import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { humanise } from '../../forms/translate';
import { enumLabelKey } from '../../forms/uiSchema';

/** Colour of each transaction status (SPEC §4), so a failed or incomplete payment stands out. */
const COLOURS: Record<string, ChipProps['color']> = {
  success: 'success',
  failed: 'error',
  authorized: 'info',
  pending: 'warning',
  refunded: 'secondary',
  incomplete: 'warning',
};

/** A transaction's status as a coloured chip with its catalogue label. */
export function TransactionStatus({ status }: { status?: string }) {
  const translate = useTranslate();
  if (!status) return null;
  return (
    <Chip
      size="small"
      color={COLOURS[status] ?? 'default'}
      variant={status === 'success' ? 'filled' : 'outlined'}
      label={translate(enumLabelKey('transaction', 'status', status), { _: humanise(status) })}
    />
  );
}
