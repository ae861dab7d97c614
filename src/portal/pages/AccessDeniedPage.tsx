import type { AccessDenial } from '../../schema/access';
import { BackOfficeStatusFrame } from '../layout/BackOfficeStatusFrame';
import { useLanguage } from '../shell/LanguageProvider';
import ErrorPage from './ErrorPage';
import { StatusPage } from './StatusPage';

/** "Service not fully enabled, please contact support" (SPEC §8): only support can turn it on. */
function ServiceDisabled() {
  const { translate } = useLanguage();
  return (
    <StatusPage
      title={translate('app.errors.title_service')}
      message={translate('app.message.service_disabled')}
      Frame={BackOfficeStatusFrame}
    />
  );
}

/**
 * Every screen of a resource the user may not use, in the back office layout: the 403 page when
 * the employee lacks the permission, the service message when the merchant's service is off.
 */
export default function AccessDeniedPage({ reason }: { reason: AccessDenial }) {
  return reason === 'service' ? <ServiceDisabled /> : <ErrorPage status={403} Frame={BackOfficeStatusFrame} />;
}
