import { useLanguage } from '../shell/LanguageProvider';
import { StatusPage } from './StatusPage';

/** Any path no screen claims: "Requested page not found!" (SPEC §8). */
export default function NotFoundPage() {
  const { translate } = useLanguage();
  return <StatusPage code="404" title={translate('app.message.not_found')} />;
}
