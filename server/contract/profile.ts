import { z } from 'zod/v4';
import { pageLimit, pageNumber } from './http.js';
import { optionalText, requiredText } from './text-fields.js';
import { contactNumber, websiteAddress } from './contact-fields.js';
import { optionalEmail, User } from './users.js';
import { FIRM_ROLES, PROJECT_TYPE_VALUES } from './vocabulary.js';
import { ProjectImage } from './projects.js';
import { PAGE_SIZE_MAX } from './projects-rules.js';
import { NAMED_CURSOR_MESSAGE, parseNamedCursor, parseRatedCursor, RATED_CURSOR_MESSAGE, type NamedKeysetCursor, type RatedKeysetCursor } from './keyset-cursor.js';
import { DIRECTORY_SORTS, FIRM_PAGE_SIZE, PHONE_MESSAGE, PROFILE_TEAMS_MAX, PROFILE_TEAMS_MIN, TEAMS_MAX_MESSAGE } from './profile-rules.js';

/**
 * The firm profile (profile edit modal), the profile photo and the firm directory:
 * bodies with the spec's messages (showcase-and-accounts.md section 5) and reply shapes.
 * The plain values (messages, limits, page sizes, avatar urls) live in profile-rules.ts, free of
 * zod for browser code, and are re-exported here for the api.
 */

export {
  AVATAR_SIZES,
  avatarVariants,
  FIRM_CARD_PROJECTS,
  FIRM_PAGE_SIZE,
  PHONE_MESSAGE,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MESSAGE,
  PROFILE_TEAMS_MAX,
  PROFILE_TEAMS_MIN,
  TEAMS_MAX_MESSAGE,
} from './profile-rules.js';

export const ProfileTeamRow = z.object({
  name: requiredText('name is required', 120),
  role: requiredText('role is required', 120),
});
export type ProfileTeamRow = z.infer<typeof ProfileTeamRow>;

/**
 * PUT /api/users/update-profile/{id} (own id only). The login email is not part of the profile:
 * it changes through POST /api/users/email-change (password and a code to the new address).
 */
export const UpdateProfileBody = z.object({
  firmName: requiredText('firm name is required'),
  /** The firm type (spec: "designation"); also becomes the account's role. */
  firmType: z
    .string({ error: 'designation is required' })
    .trim()
    .min(1, { error: 'designation is required', abort: true })
    .refine((v) => (FIRM_ROLES as readonly string[]).includes(v), 'Choose a firm type from the list')
    .meta({ enum: [...FIRM_ROLES] }),
  country: requiredText('Country is required', 100),
  // Required when the place data set lists states (cities) for the chosen country (state): placeRuleErrors.
  state: optionalText(100, null),
  city: optionalText(100, null),
  contactNo: contactNumber(PHONE_MESSAGE),
  /** The public contact email (the Contact popup's); the login email is another field (decision 142). */
  businessEmail: optionalEmail(),
  website: websiteAddress(null),
  userDetails: requiredText('details are required', 5000),
  teams: z
    .array(ProfileTeamRow, { error: 'Add at least one team member' })
    .min(PROFILE_TEAMS_MIN, 'Add at least one team member')
    .max(PROFILE_TEAMS_MAX, TEAMS_MAX_MESSAGE),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileBody>;
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/**
 * POST /api/users/profile-image: multipart with one file field `file` (JPG/JPEG/PNG by content) and
 * optional text fields `x`, `y`, `size`: the square to keep, in pixels of the original image as
 * displayed (after its EXIF rotation) — what react-easy-crop's croppedAreaPixels gives. Without
 * them the server keeps the centred square. Answers `{ data: user }` with the new profileImage.
 */
export const ProfileImageCrop = z.object({
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
  size: z.coerce.number().int().min(1),
});
export type ProfileImageCrop = z.infer<typeof ProfileImageCrop>;

// Firm directory ---------------------------------------------------------------------------

const filter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** GET /api/users/user-firm */
export const DirectoryQuery = z.object({
  page: pageNumber,
  limit: pageLimit(FIRM_PAGE_SIZE, PAGE_SIZE_MAX),
  country: filter,
  state: filter,
  city: filter,
  projectType: filter.refine((v) => v === undefined || (PROJECT_TYPE_VALUES as readonly string[]).includes(v), 'Unknown project type').meta({ enum: ['', ...PROJECT_TYPE_VALUES] }),
  /** The order: by name (the default) or by rating, best first (docs/decisions/410). */
  sort: z.enum(DIRECTORY_SORTS, { error: `sort is one of ${DIRECTORY_SORTS.join(', ')}` }).default('name'),
  /**
   * Keyset paging (docs/decisions/175): the page after this cursor (a reply's `nextCursor`); `page`
   * is then not read. A by-rating cursor starts with `r` (docs/decisions/410); the route refuses one
   * of the other order.
   */
  after: z
    .string()
    // A named cursor holds a firm's name (at most 120 characters) after its time and id.
    .max(400, NAMED_CURSOR_MESSAGE)
    .transform((value, ctx): NamedKeysetCursor | RatedKeysetCursor => {
      const cursor = value.startsWith('r') ? parseRatedCursor(value) : parseNamedCursor(value);
      if (cursor) return cursor;
      ctx.addIssue({ code: 'custom', message: value.startsWith('r') ? RATED_CURSOR_MESSAGE : NAMED_CURSOR_MESSAGE });
      return z.NEVER;
    })
    .optional(),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuery>;

export const FirmCardProject = z.object({
  id: z.string(),
  projectName: z.string(),
  projectType: z.string(),
  /** The project's first image, or null. */
  thumbnail: ProjectImage.nullable(),
});
export type FirmCardProject = z.infer<typeof FirmCardProject>;

/**
 * A directory card: what the card shows of the firm (profileImage is the avatar) with its latest
 * public projects. Not the account: a public list does not carry a firm's login email, its sign-in
 * kind or its team (docs/decisions/188).
 */
export const FirmCard = User.pick({
  id: true,
  userName: true,
  firmName: true,
  firmType: true,
  country: true,
  state: true,
  city: true,
  profileImage: true,
  projectCount: true,
}).extend({
  projects: z.array(FirmCardProject),
  /** Its visible reviews: how many and their average in hundredths (docs/decisions/410). */
  reviewCount: z.number().int(),
  ratingCenti: z.number().int(),
});
export type FirmCard = z.infer<typeof FirmCard>;

/**
 * `count` (the firms that match) answers a `?page=` request; a request `after` a cursor counts
 * nothing (decision 175). `nextCursor` is the `after` of the next page, null on the last.
 */
export const DirectoryReply = z.object({ firms: z.array(FirmCard), count: z.number().int().optional(), nextCursor: z.string().nullable() });
export type DirectoryReply = z.infer<typeof DirectoryReply>;
