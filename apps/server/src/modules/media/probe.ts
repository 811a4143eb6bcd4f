/** How long a probe of a part that may hang (the database, the storage, Redis) waits. */
export const PROBE_TIMEOUT_MS = 2000;

/**
 * Whether `check` settles within PROBE_TIMEOUT_MS. A failure, or silence, is told to `failed`
 * (with an error naming `what`). Readiness (modules/health) and the System screen
 * (modules/system) ask the same parts this one way.
 */
export async function answers(
  what: string,
  check: () => Promise<unknown>,
  failed?: (error: unknown) => void,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer in ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), late]);
    return true;
  } catch (error) {
    failed?.(error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
