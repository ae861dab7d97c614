import { useLanguage } from '../shell/LanguageProvider';
import { StatusPage } from './StatusPage';

/**
 * The `{token}` error page of SPEC §2: an address made of one token-like segment (a link from an
 * e-mail or an SMS that no longer leads anywhere) says the link is invalid or has expired, and
 * offers the way back; any other unknown address is "not found".
 */
export default function TokenErrorPage() {
  const { translate } = useLanguage();
  return (
    <StatusPage
      title={translate('app.token_error.title')}
      message={`${translate('app.token_error.message')}. ${translate('app.token_error.hint')}`}
    />
  );
}
