/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { PayMerchant } from '../../shared/pay';
import { merchantName } from '../format';
import { useI18n } from '../i18n/context';
import { Icon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * The frame of every payer page: the merchant's logo and name (or the gateway's when the page
 * does not know the merchant), the language switch, the page, and the gateway's line at the foot.
 */
export function Shell({
  merchant,
  variant,
  aside,
  children,
}: {
  merchant?: PayMerchant | null;
  /** `slip`: the compact printable receipt; `wide`: a storefront page's product grid. */
  variant?: 'slip' | 'wide';
  /** Beside the language switch: the storefront's cart link. */
  aside?: ComponentChildren;
  children: ComponentChildren;
}) {
  const { language, t } = useI18n();
  const [logoFailed, setLogoFailed] = useState(false);
  const name = merchant ? merchantName(merchant, language) : t('brand');
  return (
    <div class={variant ? `shell shell-${variant}` : 'shell'}>
      <header class="top">
        <div class="brand">
          {merchant?.logo && !logoFailed ? (
            <img class="logo" src={merchant.logo} alt="" onError={() => setLogoFailed(true)} />
          ) : (
            <span class="logo logo-letter" aria-hidden="true">
              {name.slice(0, 1)}
            </span>
          )}
          <bdi class="merchant">{name}</bdi>
        </div>
        <div class="top-end">
          {aside}
          <LanguageSwitch />
        </div>
      </header>
      <main class="main">{children}</main>
      <footer class="foot">
        <Icon name="lock" class="foot-icon" />
        {t('secure')}
      </footer>
    </div>
  );
}
