import { createAuthProvider } from '../data/authProvider';
import { createHttpClient } from '../data/httpClient';

/**
 * The portal's single HTTP client and auth provider, shared by the public pages (which sign in
 * without loading react-admin) and the back office. The data provider is made in the back-office
 * chunk, since only signed-in screens need it.
 */
export const http = createHttpClient();

export const authProvider = createAuthProvider(http);
