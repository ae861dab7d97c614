import type { AccessDenial } from '../../schema/access';
import { serviceDisabledMessage } from '../../shared/services';
import { BackOfficeStatusFrame } from '../layout/BackOfficeStatusFrame';
import { useLanguage } from '../shell/LanguageProvider';
import ErrorPage from './ErrorPage';
import { StatusPage } from './StatusPage';

/**
 * "Service not fully enabled, please contact support" (SPEC §8), or the service's own message
 * (recurring subscriptions): only support can turn it on.
 */
function ServiceDisabled({ service }: { service?: string }) {
  const { translate } = useLanguage();
  return (
    <StatusPage
      title={translate('app.errors.title_service')}
      message={translate(serviceDisabledMessage(service))}
      Frame={BackOfficeStatusFrame}
    />
  );
}

/**
 * Every screen of a resource the user may not use, in the back office layout: the 403 page when
 * the employee lacks the permission, the service message when the merchant's service is off.
 */
export default function AccessDeniedPage({ reason, service }: { reason: AccessDenial; service?: string }) {
  return reason === 'service' ? (
    <ServiceDisabled service={service} />
  ) : (
    <ErrorPage status={403} Frame={BackOfficeStatusFrame} />
  );
}
