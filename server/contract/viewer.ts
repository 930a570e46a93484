/**
 * The signed-in viewer's snapshot that the web keeps in its signed session cookie, so pages need no
 * `/users/me` call (docs/decisions/131). The api names the version of the account's current
 * snapshot in a header on every answer to a signed-in call; the web compares it with the version of
 * its copy and fetches a fresh one when they differ. No zod: the web imports it.
 */

export const VIEWER_FIELDS = ['id', 'userName', 'role', 'email', 'firmName', 'profileImage', 'isVerify', 'HasPassword', 'isSubAdmin', 'timeZone'] as const;
/**
 * The snapshot's fields, and an employee's firm as its sidebar shows it (`employer`: its name and
 * picture). The firm renaming itself changes its employees' versions too (docs/decisions/170).
 */
export type ViewerFields = Record<(typeof VIEWER_FIELDS)[number], unknown> & { employer: { name: string; profileImage: string | null } | null };

export const VIEWER_VERSION_HEADER = 'x-viewer-version';

/** A short fingerprint of the snapshot's fields (FNV-1a, 32 bits): equal snapshots, equal versions. */
export function viewerVersion(viewer: ViewerFields): string {
  const fields: unknown[] = VIEWER_FIELDS.map((field) => viewer[field] ?? null);
  // Only employees have one: every other account keeps the version it had before the employer counted.
  if (viewer.employer) fields.push([viewer.employer.name, viewer.employer.profileImage ?? null]);
  const text = JSON.stringify(fields);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
