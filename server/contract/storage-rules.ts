/**
 * A firm's storage quota (docs/decisions/242): the plain words and the size format
 * the api and the Setting page share. No zod and no server code.
 */

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Bytes as people read them: "812 KB", "4.2 MB", "5 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${trim(bytes / GB)} GB`;
  if (bytes >= MB) return `${trim(bytes / MB)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
const trim = (n: number) => (n >= 100 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, ''));

export const STORAGE_MESSAGES = {
  /** The 413 of an upload past the quota; starts with the words the web and scripts look for. */
  full: (usedBytes: number, quotaBytes: number) =>
    `Storage limit reached: your firm's files use ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)}. Delete files you no longer need to upload more.`,
} as const;

/** The share of the quota used, 0–100, for the bar. */
export const storagePercent = (usedBytes: number, quotaBytes: number) => (quotaBytes > 0 ? Math.min(100, Math.round((usedBytes / quotaBytes) * 100)) : 100);
