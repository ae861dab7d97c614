import { useTranslate } from 'react-admin';
import { getEntitySchema } from '../../../schema/registry';
import { toneOf } from '../../../schema/tones';
import { humanise } from '../../forms/translate';
import { enumLabelKey } from '../../forms/uiSchema';
import { StatusChip } from '../../resources/StatusChip';

/** A transaction's status as a chip with its catalogue label, toned as the transaction schema says. */
export function TransactionStatus({ status }: { status?: string }) {
  const translate = useTranslate();
  if (!status) return null;
  return (
    <StatusChip
      label={translate(enumLabelKey('transaction', 'status', status), { _: humanise(status) })}
      tone={toneOf('status', getEntitySchema('transaction').properties.status, status)}
    />
  );
}
