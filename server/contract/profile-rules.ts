/**
 * The plain values of the firm profile and the firm directory (showcase-and-accounts.md section 5):
 * messages, limits, page sizes and the avatar urls. No zod here, so browser code can use them; the
 * schemas of profile.ts are built from the same values.
 */

export const PROFILE_TEAMS_MIN = 1;
export const PROFILE_TEAMS_MAX = 20;
export const TEAMS_MAX_MESSAGE = 'Cannot add more than 20 teams.';
/** The contact number's message, the registration's own (one rule per field). */
export { CONTACT_NO_MESSAGE as PHONE_MESSAGE } from './contact-rules.js';
export const PROFILE_IMAGE_MESSAGE = 'Only image allowed';
/** Bytes of a profile photo upload. */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Square sizes of the stored profile photo (WebP); `profileImage` is the 256 one. */
export const AVATAR_SIZES = [96, 256, 512] as const;

/**
 * The variants of a profileImage url: stored photos end in `/256.webp` and have 96 and 512
 * siblings; any other url (a social sign-in photo) is used as it is for every size.
 */
export function avatarVariants(url: string | null | undefined): { s96: string; s256: string; s512: string } | null {
  if (!url) return null;
  const m = /^(.*)\/256\.webp$/.exec(url);
  if (!m) return { s96: url, s256: url, s512: url };
  return { s96: `${m[1]}/96.webp`, s256: url, s512: `${m[1]}/512.webp` };
}

export const FIRM_PAGE_SIZE = 10;
/** Projects (with their first image) shown on a directory card. */
export const FIRM_CARD_PROJECTS = 4;
