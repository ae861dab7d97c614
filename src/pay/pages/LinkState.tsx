/** @jsxImportSource preact */
import type { Payable } from '../../shared/pay';
import { Link } from '../components/Link';
import { Notice } from '../components/Notice';
import { useI18n } from '../i18n/context';
import { pathTo } from './paths';

/** What a link that cannot be paid now says: already paid (with its receipt), expired, cancelled, not yet due. */
export function LinkState({ payable }: { payable: Payable }) {
  const { t } = useI18n();
  const toParts = payable.parent_reference ? (
    <Link href={pathTo.parts(payable.parent_reference)} class="button">
      {t('action.back_to_parts')}
    </Link>
  ) : null;
  switch (payable.state) {
    case 'paid':
      return (
        <Notice
          tone="success"
          title={t('state.paid_title')}
          actions={
            <>
              {payable.receipt_reference ? (
                <Link href={pathTo.receipt(payable.receipt_reference)} class="button button-primary">
                  {t('action.view_receipt')}
                </Link>
              ) : null}
              {toParts}
            </>
          }
        >
          <p>{t('state.paid')}</p>
        </Notice>
      );
    case 'expired':
    case 'cancelled':
      return (
        <Notice tone="error" title={t(`state.${payable.state}_title`)} actions={toParts}>
          <p>{t(`state.${payable.state}`)}</p>
        </Notice>
      );
    default:
      return (
        <Notice tone="info" title={t('state.not_yet_due_title')} actions={toParts}>
          <p>{t('state.not_yet_due')}</p>
        </Notice>
      );
  }
}
