import { createBrowserRouter } from 'react-router';
import { configureApiClient } from '../lib/api-client';
import { queryClient } from './query-client';
import { routes } from './routes';

/**
 * The app's router, on the browser's address: created once, as the app starts (main.tsx), in a
 * task of its own (matching the address against every route and starting the page's loading is
 * a few milliseconds' work, which on a phone is more).
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A 401 to a request with the stored token: the token is already removed; forget cached data
  // and go to /login.
  configureApiClient({
    onSessionExpired: () => {
      void router.navigate('/login', { replace: true }).then(() => queryClient.clear());
    },
  });
  return router;
}
