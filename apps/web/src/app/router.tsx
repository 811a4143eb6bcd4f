import { createBrowserRouter } from 'react-router';
import { configureApiClient } from '../lib/api-client';
import { queryClient } from './query-client';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// A 401 to a request with the stored token: the token is already removed; forget cached data
// and go to /login.
configureApiClient({
  onSessionExpired: () => {
    void router.navigate('/login', { replace: true }).then(() => queryClient.clear());
  },
});
