/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { normaliseQuery } from '../../shared/search';
import { getLinkMerchant, requestTenantLink } from '../api';
import { Field } from '../components/Field';
import { refusalOf } from '../components/refusal';
import { Loading, Notice } from '../components/Notice';
import { Shell } from '../components/Shell';
import { useI18n } from '../i18n/context';
import { Failure } from '../pages/Failure';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useLoad } from '../pages/useLoad';

/** The civil id as sent: Arabic-Indic digits read as Latin ones, no spaces. */
const civilIdOf = (typed: string) => normaliseQuery(typed).replace(/\s/g, '');

/**
 * `/tenant-link/{merchant id}`: a tenant of the merchant who lost their link types their civil id,
 * and the link goes by SMS to the mobile the merchant has for them. The page never shows the link,
 * and says the same whether or not the civil id is a tenant's (the server's answer).
 */
export function TenantLinkPage({ merchantId }: { merchantId: string }) {
  return /^[1-9][0-9]{0,9}$/.test(merchantId) ? <MerchantLinkPage merchantId={merchantId} /> : <NotFoundPage />;
}

function MerchantLinkPage({ merchantId }: { merchantId: string }) {
  const { language, t } = useI18n();
  const [state, reload] = useLoad(() => getLinkMerchant(language, merchantId));
  const [civilId, setCivilId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    document.title = t('tenant_link.document_title');
  }, [t]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (sending) return;
    setAlert(null);
    const value = civilIdOf(civilId);
    if (!value) {
      setError(t('error.required'));
      form.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setSending(true);
    const answer = await requestTenantLink(language, merchantId, value);
    setSending(false);
    if (answer.kind === 'ok') {
      setSent(answer.data.message);
      return;
    }
    const shown = refusalOf(answer, (path) => (path === 'civil_id' ? path : null), t);
    setAlert(shown.alert);
    if (shown.fields.civil_id) {
      setError(shown.fields.civil_id);
      form.current?.querySelector<HTMLInputElement>('input')?.focus();
    }
  };

  if (state.kind === 'loading')
    return (
      <Shell>
        <Loading label={t('loading')} />
      </Shell>
    );
  if (state.kind !== 'ok')
    return <Failure answer={state} notFound={['tenant_link.unknown_title', 'tenant_link.unknown']} onRetry={reload} />;
  const merchant = state.data;
  if (sent)
    return (
      <Shell merchant={merchant}>
        <Notice
          tone="success"
          title={t('tenant_link.sent_title')}
          actions={
            <button type="button" class="button" onClick={() => setSent(null)}>
              {t('tenant_link.again')}
            </button>
          }
        >
          <p role="status">{sent}</p>
        </Notice>
      </Shell>
    );
  return (
    <Shell merchant={merchant}>
      <form ref={form} class="card tenant-link" noValidate onSubmit={submit} aria-busy={sending}>
        <h1 class="summary-title">{t('tenant_link.heading')}</h1>
        <p class="description">{t('tenant_link.intro')}</p>
        <fieldset class="plain" disabled={sending}>
          <Field
            id="civil_id"
            label={t('tenant_link.civil_id')}
            hint={t('tenant_link.civil_id_hint')}
            value={civilId}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            maxLength={20}
            error={error ?? undefined}
            onInput={(event) => {
              setCivilId(event.currentTarget.value);
              setError(null);
            }}
          />
        </fieldset>
        <div class="form-alert" role="alert">
          {alert ? (
            <div class="alert">
              <span>{alert}</span>
            </div>
          ) : null}
        </div>
        <button type="submit" class="button button-primary pay-button" disabled={sending}>
          {sending ? <span class="spinner spinner-small" aria-hidden="true" /> : null}
          {sending ? t('tenant_link.sending') : t('tenant_link.send')}
        </button>
      </form>
    </Shell>
  );
}
