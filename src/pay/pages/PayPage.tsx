/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Payable, PayMethod, PayResult } from '../../shared/pay';
import { getPayable } from '../api';
import { Link } from '../components/Link';
import { Summary } from '../components/Summary';
import { useI18n } from '../i18n/context';
import { PaymentForm, type PaymentOutcome, type SendPayment } from '../payment/PaymentForm';
import { navigate } from '../router';
import { LinkState } from './LinkState';
import { PartsList } from './PartsList';
import { pathTo } from './paths';
import { Processing } from './Processing';
import { useLoad } from './useLoad';
import { LoadedPage } from './LoadedPage';

/**
 * `/smspay/{ref}`, `/open-invoice/checkout/{ref}` and `/sp/{ref}`: what the link asks for and,
 * while it can be paid, the payment form. A link with parts lists them whichever address opened
 * it; one that cannot be paid says why.
 */
export function PayPage({ reference }: { reference: string }) {
  const { language } = useI18n();
  const [state, reload] = useLoad((first) => getPayable(language, reference, first));
  // Kept across the reload a refused payment causes: the form shows it when the link is still payable.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = (message: string) => {
    setRefusal(message);
    reload();
  };
  const lookAgain = () => {
    setRefusal(null);
    reload();
  };
  return (
    <LoadedPage
      state={state}
      reload={reload}
      notFound={['state.unknown_title', 'state.unknown']}
      title="document_title"
    >
      {(payable) =>
        payable.kind === 'parts' ? (
          <PartsList payable={payable} />
        ) : (
          <Payment payable={payable} refusal={refusal} onRefused={refused} onReload={lookAgain} />
        )
      }
    </LoadedPage>
  );
}

/**
 * The payment of one link: the form, or the page that says why there is none now. A paid link
 * shows its receipt: the transaction's, unless `onPaid` shows another (an order's).
 */
export function Payment({
  payable,
  refusal,
  onRefused,
  onReload,
  onPaid = (result) => navigate(pathTo.receipt(result.transaction_reference)),
  send,
  summary,
}: {
  payable: Payable;
  refusal: string | null;
  onRefused: (message: string) => void;
  onReload: () => void;
  onPaid?: (result: PayResult) => void;
  /** Where the payment goes, when not to the link's own reference. */
  send?: SendPayment;
  /** What is paid, shown above the form in place of the link's summary (null: the page shows it itself). */
  summary?: ComponentChildren;
}) {
  const { t } = useI18n();
  const [continued, setContinued] = useState(false);
  const [pending, setPending] = useState<{ result: PayResult; method: PayMethod } | null>(null);

  const onOutcome = (outcome: PaymentOutcome) => {
    if (outcome.kind === 'paid') return onPaid(outcome.result);
    if (outcome.kind === 'refused') return onRefused(outcome.message);
    setContinued(false);
    setPending({ result: outcome.result, method: outcome.method });
  };
  const goOn = () => {
    setPending(null);
    setContinued(true);
  };
  const checkAgain = () => {
    setPending(null);
    onReload();
  };

  if (pending)
    return (
      <Processing
        cash={pending.method === 'cash'}
        message={pending.result.message}
        onContinue={goOn}
        onCheck={checkAgain}
      />
    );
  if (payable.state !== 'payable') return <LinkState payable={payable} />;
  if (payable.in_flight && !continued) return <Processing onContinue={goOn} onCheck={checkAgain} />;
  return (
    <>
      {summary !== undefined ? (
        summary
      ) : (
        <Summary payable={payable}>
          {payable.parent_reference ? (
            <Link href={pathTo.parts(payable.parent_reference)} class="text-link">
              {t('invoice.all_parts')}
            </Link>
          ) : null}
        </Summary>
      )}
      <PaymentForm payable={payable} continueInFlight={continued} refusal={refusal} onOutcome={onOutcome} send={send} />
    </>
  );
}
