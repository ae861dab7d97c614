/** @jsxImportSource preact */
import { Notice } from '../components/Notice';
import { useI18n } from '../i18n/context';

/**
 * "Your previous transaction is being processed" (SPEC §8): a payment of this link is still
 * waiting for the bank (or, for cash, for the merchant). The payer may check again, or go on and
 * pay anyway, which the server then allows (`continue_in_flight`).
 */
export function Processing({
  cash,
  message,
  onContinue,
  onCheck,
}: {
  cash?: boolean;
  message?: string | null;
  onContinue: () => void;
  onCheck: () => void;
}) {
  const { t } = useI18n();
  return (
    <Notice
      tone="pending"
      title={cash ? t('state.cash_title') : t('state.processing_title')}
      actions={
        <>
          <button type="button" class="button button-primary" onClick={onContinue}>
            {t('action.continue')}
          </button>
          <button type="button" class="button" onClick={onCheck}>
            {t('action.check_again')}
          </button>
        </>
      }
    >
      <p>{message || (cash ? t('state.cash') : t('state.processing'))}</p>
    </Notice>
  );
}
