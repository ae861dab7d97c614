import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import type { TrailRoot, TrailTransaction, TrailTransfer } from '../../../shared/money-trail';
import { enumLabelKey, fieldLabelKey } from '../../forms/uiSchema';
import { humanise } from '../../forms/translate';
import { TrailPostings } from './TrailPostings';
import { Amount, TrailStep, When } from './TrailStep';

/** A figure of a step: its label and amount. */
function Figure({ label, value }: { label: string; value: string | null }) {
  if (value === null) return null;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {label}: <Amount value={value} />
    </Box>
  );
}

const separated = { display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 } as const;

/** The transfer a payment or refund went into, as the last step under it. */
function TransferStep({ transfer, refund = false }: { transfer: TrailTransfer; refund?: boolean }) {
  const translate = useTranslate();
  return (
    <TrailStep
      entity="payment_transfer"
      id={transfer.id}
      label={transfer.document_no}
      status={transfer.status}
      amount={transfer.amount}
      note={translate(refund ? 'app.money_trail.deducted_by' : 'app.money_trail.paid_out_by')}
      details={
        <Box sx={separated}>
          {transfer.transfer_date && (
            <span>
              {translate(fieldLabelKey('payment_transfer', 'transfer_date'))}:{' '}
              <When value={transfer.transfer_date} withTime={false} />
            </span>
          )}
          <Figure label={translate('app.money_trail.share')} value={transfer.share} />
        </Box>
      }
    />
  );
}

/** One payment: its figures from the ledger, its captures and refunds, postings and transfer. */
function PaymentStep({ payment, transfers }: { payment: TrailTransaction; transfers: Map<number, TrailTransfer> }) {
  const translate = useTranslate();
  const field = (name: string) => translate(fieldLabelKey('transaction', name), { _: humanise(name) });
  const transfer = payment.transfer_id === null ? undefined : transfers.get(payment.transfer_id);
  return (
    <TrailStep
      entity="transaction"
      id={payment.id}
      label={payment.reference_no}
      status={payment.status}
      amount={payment.amount}
      note={payment.part === null ? undefined : translate('app.money_trail.part', { seq: payment.part })}
      details={
        <>
          <Box sx={separated}>
            {payment.payment_method && (
              <span>
                {translate(enumLabelKey('transaction', 'payment_method', payment.payment_method), {
                  _: humanise(payment.payment_method),
                })}
              </span>
            )}
            <When value={payment.created_at} />
          </Box>
          <Box sx={separated}>
            <Figure label={translate('app.money_trail.totals.paid')} value={payment.ledger.paid} />
            {payment.ledger.held !== '0.000' && (
              <Figure label={translate('app.money_trail.totals.held')} value={payment.ledger.held} />
            )}
            <Figure label={field('admin_charge')} value={payment.ledger.fees} />
            <Figure label={field('commission')} value={payment.ledger.commission} />
            {payment.ledger.refunded !== '0.000' && (
              <Figure label={translate('app.money_trail.totals.refunded')} value={payment.ledger.refunded} />
            )}
            <Figure label={translate('app.money_trail.totals.net')} value={payment.ledger.net} />
          </Box>
          <TrailPostings postings={payment.postings} />
        </>
      }
    >
      {payment.captures.map((capture) => (
        <TrailStep
          key={`c${capture.id}`}
          entity="capture"
          id={capture.id}
          label={capture.document_no}
          status={capture.status}
          amount={capture.amount}
          details={<When value={capture.created_at} />}
        />
      ))}
      {payment.refunds.map((refund) => {
        const deducted = refund.transfer_id === null ? undefined : transfers.get(refund.transfer_id);
        return (
          <TrailStep
            key={`r${refund.id}`}
            entity="refund"
            id={refund.id}
            label={refund.document_no}
            status={refund.status}
            amount={refund.refund_amount}
            details={<When value={refund.processed_at ?? refund.created_at} />}
          >
            {deducted && deducted.id !== transfer?.id ? <TransferStep transfer={deducted} refund /> : undefined}
          </TrailStep>
        );
      })}
      {transfer ? (
        <TransferStep transfer={transfer} />
      ) : (
        payment.ledger.net !== '0.000' && (
          <Box component="li" sx={{ listStyle: 'none', pl: { xs: 1.5, sm: 3 }, pb: 1, color: 'text.secondary' }}>
            {translate('app.money_trail.not_in_transfer')}
          </Box>
        )
      )}
    </TrailStep>
  );
}

/** One chain: the invoice (when there is one) with its payments under it, or a lone payment. */
export function TrailChain({ root, transfers }: { root: TrailRoot; transfers: Map<number, TrailTransfer> }) {
  const translate = useTranslate();
  const payments = root.transactions.map((payment) => (
    <PaymentStep key={payment.id} payment={payment} transfers={transfers} />
  ));
  return (
    <Box component="ol" sx={{ m: 0, p: 0, borderLeft: 2, borderColor: 'divider', ml: 0.75 }}>
      {root.invoice ? (
        <TrailStep
          entity="invoice"
          id={root.invoice.id}
          label={root.invoice.reference_no}
          status={root.invoice.status}
          amount={root.invoice.amount}
          details={
            <Box sx={separated}>
              {root.invoice.kind && (
                <span>
                  {translate(enumLabelKey('invoice', 'kind', root.invoice.kind), { _: humanise(root.invoice.kind) })}
                </span>
              )}
              {root.invoice.invoice_number && <bdi>{root.invoice.invoice_number}</bdi>}
              <When value={root.invoice.created_at} />
            </Box>
          }
        >
          {payments.length > 0 ? payments : undefined}
        </TrailStep>
      ) : (
        payments
      )}
    </Box>
  );
}
