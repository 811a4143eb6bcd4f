import { userApi } from '@ishuri/contract/routes';
import type { ListQuery } from '@ishuri/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMatch } from 'react-router';
import { ApiError, call, endSession } from '../lib/api-client';
import { dropToken, getToken, isExpired, useSession } from '../lib/auth';
import type { Session } from '../lib/auth';

// What every page asks of the signed-in user (the session and the profile), apart from the
// screens' users reads and changes in ./users: a module goes into one file whole, and this one
// is in every page's first file (issue 30, point 3).

/** The users' query keys: the signed-in user's profile, and the admin's list. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: ListQuery = {}) => ['users', 'list', query] as const,
  profile: ['users', 'profile'] as const,
};

export const profileOptions = () =>
  queryOptions({
    queryKey: userKeys.profile,
    queryFn: ({ signal }) => call(userApi.profile, { signal }),
  });

export const useProfile = () => useQuery(profileOptions());

/**
 * Whether the server still accepts the stored token `token`: false on a 401 (and nothing else
 * happens: a public page stays where it is), true otherwise (offline or a server fault says
 * nothing about the token).
 */
export const tokenCheckOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['session-check', token] as const,
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal, client }) => {
      try {
        // The profile read is kept for the screens that show it (and the account's language).
        client.setQueryData(
          userKeys.profile,
          await call(userApi.profile, { signal, ignoreUnauthorized: true }),
        );
        return true;
      } catch (error) {
        return !(error instanceof ApiError && error.status === 401);
      }
    },
  });

/**
 * Public pages: a stored token counts only when it can be read, has not expired and the server
 * accepts it. Anything else is dropped quietly and the page shows a visitor's view (no avatar of
 * a token nobody signed, no jump to /login from a public page). Until the server answers, a
 * readable unexpired token counts (`confirmed` false): a signed-in user sees no flicker, and
 * what would call the API with the token waits for `confirmed`.
 * The navigation bar also shows above the dashboard: there a refused token ends the session and
 * the user goes to /login, whichever request of the screen the server answered first.
 */
export function usePublicSession(): { session: Session | null; confirmed: boolean } {
  const session = useSession();
  const live = session && !isExpired(session) ? session : null;
  const accepted = useQuery(tokenCheckOptions(live?.token ?? null));
  const inDashboard = useMatch('/dashboard/*') !== null;
  useEffect(() => {
    if (!getToken()) return;
    if (inDashboard && live && accepted.data === false) endSession();
    else if (!live || accepted.data === false) dropToken();
  }, [live, accepted.data, inDashboard]);
  const counted = live && accepted.data !== false ? live : null;
  return { session: counted, confirmed: counted !== null && accepted.data === true };
}
