import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { keys } from './keys';

/**
 * After a create or a delete: the lists under these keys and the stat totals are asked again
 * (the mutation settles once they are refreshed).
 */
export function useInvalidate(...queryKeys: QueryKey[]) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [...queryKeys, keys.counts].map(async (queryKey) => {
        // A request sent before the change (a page or a filter asked for a moment ago) would
        // answer the old rows: drop it, then ask again.
        await queryClient.cancelQueries({ queryKey });
        await queryClient.invalidateQueries({ queryKey });
      }),
    );
  };
}
