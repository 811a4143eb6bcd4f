/** A size in bytes as people read it: "820 KB", "4.1 MB", "1.2 GB" (at least 1 KB). */
export function formatSize(bytes: number): string {
  const gb = 1024 * 1024 * 1024;
  const mb = 1024 * 1024;
  if (bytes >= gb) return `${Number((bytes / gb).toFixed(1))} GB`;
  if (bytes >= mb) return `${Number((bytes / mb).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A length in seconds as a player shows it: "0:42", "12:05", "1:02:09". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
