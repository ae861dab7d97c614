import { useLanguage } from '../shell/LanguageProvider';
import type { ErrorPageStatus } from '../../shared/publicPaths';
import { StatusPage, type StatusFrame } from './StatusPage';

const MESSAGES: Record<ErrorPageStatus, { title: string; message: string }> = {
  403: { title: 'app.errors.title_403', message: 'app.message.forbidden' },
  500: { title: 'app.errors.title_500', message: 'app.message.generic_error' },
  503: { title: 'app.errors.title_503', message: 'app.errors.body_503' },
};

/**
 * `/errorpage403`, `/errorpage500`, `/errorpage503` (SPEC §2, §8); the back office shows the same
 * 403 in its own `Frame` for a screen the user may not use.
 */
export default function ErrorPage({ status, Frame }: { status: ErrorPageStatus; Frame?: StatusFrame }) {
  const { translate } = useLanguage();
  const { title, message } = MESSAGES[status];
  return <StatusPage code={String(status)} title={translate(title)} message={translate(message)} Frame={Frame} />;
}
