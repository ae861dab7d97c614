/** @jsxImportSource preact */
import { Notice } from '../components/Notice';
import { Shell } from '../components/Shell';
import { useI18n } from '../i18n/context';

/** An address under a payer prefix without a reference (e.g. `/smspay/`). */
export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <Shell>
      <Notice tone="error" title={t('state.page_not_found')} />
    </Shell>
  );
}
