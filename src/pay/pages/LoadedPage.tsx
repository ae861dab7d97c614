/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import type { PayMerchant } from '../../shared/pay';
import { Loading } from '../components/Notice';
import { Shell } from '../components/Shell';
import { merchantName } from '../format';
import { useI18n } from '../i18n/context';
import type { MessageKey } from '../i18n/messages';
import { Failure } from './Failure';
import type { Loaded } from './useLoad';

/**
 * A payer page of one answer of the API, about one merchant: the frame while it loads, the
 * failure page (with `notFound` for a 404, a retry where one can help), else `children` of the
 * answer in the merchant's frame, the browser's tab titled with the merchant's name.
 */
export function LoadedPage<T extends { merchant: PayMerchant }>({
  state,
  reload,
  notFound,
  title,
  variant,
  aside,
  children,
}: {
  state: Loaded<T>;
  reload: () => void;
  /** Title and text keys of the 404 page of this kind of link. */
  notFound: [MessageKey, MessageKey];
  /** The tab's title, `%{merchant}` the merchant's name; left out when the page titles itself. */
  title?: MessageKey;
  variant?: 'slip' | 'wide';
  aside?: ComponentChildren;
  children: (data: T) => ComponentChildren;
}) {
  const { language, t } = useI18n();
  const merchant = state.kind === 'ok' ? state.data.merchant : null;
  useEffect(() => {
    if (merchant && title) document.title = t(title, { merchant: merchantName(merchant, language) });
  }, [merchant, language, t, title]);

  if (state.kind === 'loading')
    return (
      <Shell variant={variant} aside={aside}>
        <Loading label={t('loading')} />
      </Shell>
    );
  if (state.kind !== 'ok') return <Failure answer={state} notFound={notFound} onRetry={reload} />;
  return (
    <Shell merchant={state.data.merchant} variant={variant} aside={aside}>
      {children(state.data)}
    </Shell>
  );
}
