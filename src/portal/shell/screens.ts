import { lazyWithReload } from '../data/chunkReload';

/**
 * The screens the shell can show, each its own chunk (SPEC §2: screens load on demand). The back
 * office (react-admin, forms) is one of them: the sign-in page never downloads it. The sign-in
 * page itself is part of the entry (see `PortalRoutes`).
 */
export const BackOffice = lazyWithReload(() => import('../BackOffice'));
export const ForgotPasswordPage = lazyWithReload(() => import('../auth/ForgotPasswordPage'));
export const ResetPasswordPage = lazyWithReload(() => import('../auth/ResetPasswordPage'));
export const ErrorPage = lazyWithReload(() => import('../pages/ErrorPage'));
export const NotFoundPage = lazyWithReload(() => import('../pages/NotFoundPage'));
