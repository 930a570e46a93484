/**
 * The plain values of the firm profile and the firm directory (showcase-and-accounts.md section 5):
 * messages, limits, page sizes and the avatar urls. No zod here, so browser code can use them; the
 * schemas of profile.ts are built from the same values.
 */

import { CONTACT_NO_MESSAGE } from './contact-rules.js';
import {
  choiceCheck,
  contactNumberCheck,
  optionalEmailCheck,
  optionalTextCheck,
  requiredTextCheck,
  websiteCheck,
  type FormChecks,
} from './field-checks.js';
import { FIRM_ROLES } from './vocabulary.js';

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

/**
 * The profile form's fields as the browser checks them (decision 155): the same messages as
 * UpdateProfileBody (field-checks.test.ts compares them). The place rule needs the data set, so
 * the form adds it itself.
 */
export const PROFILE_CHECKS: FormChecks = {
  fields: {
    firmName: requiredTextCheck('firm name is required'),
    firmType: choiceCheck(FIRM_ROLES, { required: 'designation is required', invalid: 'Choose a firm type from the list', trim: true }),
    country: requiredTextCheck('Country is required', 100),
    state: optionalTextCheck(100),
    city: optionalTextCheck(100),
    contactNo: contactNumberCheck(CONTACT_NO_MESSAGE),
    businessEmail: optionalEmailCheck(),
    website: websiteCheck(),
    userDetails: requiredTextCheck('details are required', 5000),
  },
  rows: { teams: { name: requiredTextCheck('name is required', 120), role: requiredTextCheck('role is required', 120) } },
};

/** The directory's orders (docs/decisions/410): by name, or by rating with the most reviewed first among equals. */
export const DIRECTORY_SORTS = ['name', 'rating'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
