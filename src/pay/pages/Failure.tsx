/** @jsxImportSource preact */
import type { ApiAnswer } from '../api';
import { Notice } from '../components/Notice';
import { Shell } from '../components/Shell';
import { useI18n } from '../i18n/context';
import type { MessageKey } from '../i18n/messages';

/**
 * The page for a load that failed: unknown reference (404), no connection or a server error,
 * each with what the payer can do (a retry when trying again can help).
 */
export function Failure({
  answer,
  notFound,
  onRetry,
}: {
  answer: Exclude<ApiAnswer<unknown>, { kind: 'ok' }>;
  /** Title and text keys of the 404 page of this kind of link. */
  notFound: [MessageKey, MessageKey];
  onRetry: () => void;
}) {
  const { t } = useI18n();
  if (answer.kind === 'error' && answer.status === 404)
    return (
      <Shell>
        <Notice tone="error" title={t(notFound[0])}>
          <p>{t(notFound[1])}</p>
        </Notice>
      </Shell>
    );
  const network = answer.kind === 'network';
  return (
    <Shell>
      <Notice
        tone="error"
        title={network ? t('error.network_title') : t('error.generic_title')}
        actions={
          <button type="button" class="button button-primary" onClick={onRetry}>
            {t('action.retry')}
          </button>
        }
      >
        <p>{network ? t('error.network') : answer.message || t('error.generic')}</p>
      </Notice>
    </Shell>
  );
}
