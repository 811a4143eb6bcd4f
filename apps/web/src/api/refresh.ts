import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';

/** The key every total of the dashboard lives under (each resource's `count` key starts so). */
export const countKeys = { all: ['counts'] as const };

/**
 * After a change: the queries under these keys, and every total, are asked again; a request
 * sent before the change would answer the old rows, so it is dropped first. The mutation
 * settles once they are refreshed.
 */
export function useRefresh(...queryKeys: QueryKey[]) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [...queryKeys, countKeys.all].map(async (queryKey) => {
        await queryClient.cancelQueries({ queryKey });
        await queryClient.invalidateQueries({ queryKey });
      }),
    );
  };
}
