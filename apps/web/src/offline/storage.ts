/** What the browser says of this site's storage on the device (null where it does not say). */
export interface StorageFacts {
  used: number | null;
  free: number | null;
  /** Kept until the user removes it (navigator.storage.persisted()). */
  persisted: boolean | null;
}

export async function storageFacts(): Promise<StorageFacts> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const estimate = await storage?.estimate?.().catch(() => undefined);
  const persisted = (await storage?.persisted?.().catch(() => null)) ?? null;
  const used = estimate?.usage ?? null;
  const quota = estimate?.quota ?? null;
  return {
    used,
    free: quota !== null && used !== null ? Math.max(0, quota - used) : null,
    persisted,
  };
}
