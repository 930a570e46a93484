import { z } from 'zod/v4';
import { afterCursor, PageQuery, StaleReply, VersionField } from './http.js';
import { requiredText, optionalText, titleText } from './text-fields.js';
import { PROJECT_TYPE_VALUES } from './vocabulary.js';
import {
  EXPLORE_PAGE_SIZE,
  IMAGES_MAX_MESSAGE,
  IMAGES_MIN_MESSAGE,
  PAGE_SIZE_MAX,
  PROJECT_ARCHITECTURE_MAX,
  PROJECT_IMAGES_MAX,
  PROJECT_IMAGES_MIN,
  PROJECT_TEAMS_MAX,
  YEAR_MIN,
  yearMax,
} from './projects-rules.js';
import { PublicFirm, User } from './users.js';

/**
 * Public (portfolio) projects and their images: the bodies the api validates and the shapes it
 * answers (DESIGN.md section 4), with the spec's messages (showcase-and-accounts.md section 5).
 * Shared with the web: actions use the same schemas, pages the same types. The plain values
 * (messages, limits, page sizes) live in projects-rules.ts, free of zod for browser code, and are
 * re-exported here for the api.
 */

export {
  EXPLORE_PAGE_SIZE,
  IMAGE_TYPE_MESSAGE,
  IMAGES_MAX_MESSAGE,
  IMAGES_MIN_MESSAGE,
  PAGE_SIZE_MAX,
  PROJECT_ARCHITECTURE_MAX,
  PROJECT_IMAGE_MAX_BYTES,
  PROJECT_IMAGES_MAX,
  PROJECT_IMAGES_MIN,
  PROJECT_IMAGES_PER_REQUEST,
  PROJECT_TEAMS_MAX,
  SEARCH_LIMIT,
  VARIANT_WIDTHS,
  YEAR_MIN,
  yearMax,
  imageIdFromUrl,
} from './projects-rules.js';

/** A whole number from JSON (number) or a form (digits); empty means missing. */
const wholeNumber = (requiredMessage: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z.number({ error: requiredMessage }).refine(Number.isFinite, requiredMessage).pipe(z.number().int('Enter a whole number')),
  );

export const ProjectTeamRow = z.object({
  name: requiredText('Name is required', 120),
  role: requiredText('Role is required', 120),
});
export type ProjectTeamRow = z.infer<typeof ProjectTeamRow>;

export const ArchitectureRow = z.object({
  name: z.string().trim().max(200, 'At most 200 characters').default(''),
  style: z.string().trim().max(200, 'At most 200 characters').default(''),
});
export type ArchitectureRow = z.infer<typeof ArchitectureRow>;

/**
 * An image reference in a project body: the `id` of an image POST /api/projects/images returned
 * (an upload of the signed-in firm not yet in a project), or the `id` of an image already in this
 * project (on PUT). The order of the list is the order of the gallery.
 */
export const ImageRef = z.string({ error: 'Invalid image' }).trim().min(1, 'Invalid image').max(80, 'Invalid image');

/** An image url in a project body (`projectImages`): what an upload answered, or a GET listed. */
export const ImageUrl = z.string({ error: 'Invalid image' }).trim().min(1, 'Invalid image').max(2000, 'Invalid image');

const imageList = (item: typeof ImageRef) =>
  z
    .array(item, { error: IMAGES_MIN_MESSAGE })
    .min(PROJECT_IMAGES_MIN, IMAGES_MIN_MESSAGE)
    .max(PROJECT_IMAGES_MAX, IMAGES_MAX_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, 'The same image is listed twice');

export const PublicProjectBody = z.object({
  projectName: titleText('Project name is required'),
  projectType: z
    .string({ error: 'Project type is required' })
    .trim()
    .min(1, { error: 'Project type is required', abort: true })
    .refine((v) => (PROJECT_TYPE_VALUES as readonly string[]).includes(v), 'Choose a project type from the list')
    .meta({ enum: [...PROJECT_TYPE_VALUES] }),
  projectLocation: optionalText(200),
  area: wholeNumber('Area is required').pipe(z.number().positive('Area must be greater than 0').max(100_000_000, 'Area is too large')),
  year: wholeNumber('Year is required').pipe(
    z.number().refine((y) => y >= YEAR_MIN && y <= yearMax(), { message: `Enter a year between ${YEAR_MIN} and ${yearMax()}` }),
  ),
  country: requiredText('Country is required', 100),
  // Required when the place data set lists states (cities) for the chosen country (state): placeRuleErrors.
  state: optionalText(100, null),
  city: optionalText(100, null),
  description: requiredText('Description is required', 10_000),
  /** Optional rows; rows with neither name nor style are dropped. */
  architecture: z
    .array(ArchitectureRow)
    .max(PROJECT_ARCHITECTURE_MAX, `Cannot add more than ${PROJECT_ARCHITECTURE_MAX} architecture rows.`)
    .default([])
    .transform((rows) => rows.filter((r) => r.name !== '' || r.style !== '')),
  teams: z
    .array(ProjectTeamRow, { error: 'Add at least one team member' })
    .min(1, 'Add at least one team member')
    .max(PROJECT_TEAMS_MAX, `Cannot add more than ${PROJECT_TEAMS_MAX} team rows.`),
  /** The gallery by upload ids (what the web sends). */
  imageIds: imageList(ImageRef).optional(),
  /**
   * The gallery by the urls POST /api/users/upload/file (or POST /api/projects/images) answered,
   * or the `projectImages` a GET gave: the spec's own field (decision 143). One of the two is needed.
   */
  projectImages: imageList(ImageUrl).optional(),
});
/** What a client sends (POST /api/projects/public-project, PUT /api/projects/public-project/{id}). */
export type PublicProjectInput = z.input<typeof PublicProjectBody>;
export type PublicProjectBody = z.infer<typeof PublicProjectBody>;
/** PUT: the project's fields and the version they were read at (docs/decisions/320). */
export const PublicProjectChanges = PublicProjectBody.extend({ version: VersionField });
export type PublicProjectChangesInput = z.input<typeof PublicProjectChanges>;

/** One stored image: urls of its WebP variants and the size of the (re-encoded) original. */
export const ProjectImage = z.object({
  id: z.string(),
  /** The 960 px variant (the url the spec's projectImages lists). */
  url: z.string(),
  w480: z.string(),
  w960: z.string(),
  w1600: z.string(),
  /** Width and height after EXIF rotation; variant n is min(n, width) px wide. */
  width: z.number().int(),
  height: z.number().int(),
});
export type ProjectImage = z.infer<typeof ProjectImage>;

/** An image just uploaded, not yet in a project; its id goes into `imageIds`. */
export const UploadedImage = ProjectImage;
export type UploadedImage = ProjectImage;

export const UploadImagesReply = z.object({
  images: z.array(UploadedImage),
  /** The 960 px urls, in upload order (the spec's `{ urls }` upload answer). */
  urls: z.array(z.string()),
});
export type UploadImagesReply = z.infer<typeof UploadImagesReply>;

export const PublicProject = z.object({
  id: z.string(),
  userId: z.string(),
  isPrivate: z.literal(false),
  projectName: z.string(),
  projectType: z.string(),
  /** Display label of projectType (DESIGN.md section 7). */
  projectTypeLabel: z.string(),
  projectLocation: z.string().nullable(),
  area: z.number().int().nullable(),
  year: z.number().int().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  description: z.string().nullable(),
  architecture: z.array(z.object({ name: z.string(), style: z.string() })),
  teams: z.array(z.object({ name: z.string(), role: z.string() })),
  /** 960 px urls in gallery order, as the spec reads them. */
  projectImages: z.array(z.string()),
  /** The same images with every variant, for srcset. */
  images: z.array(ProjectImage),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicProject = z.infer<typeof PublicProject>;
export const PublicProjectStaleReply = StaleReply(PublicProject);

/** The owner shown beside a project in lists (explore gallery). */
export const FirmSummary = z.object({
  id: z.string(),
  userName: z.string(),
  firmName: z.string().nullable(),
  firmType: z.string().nullable(),
  profileImage: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
});
export type FirmSummary = z.infer<typeof FirmSummary>;

export const ExploreProject = PublicProject.extend({ owner: FirmSummary });
export type ExploreProject = z.infer<typeof ExploreProject>;

/**
 * `view=card` (an addition to the spec, docs/decisions/132): each project with only what a gallery
 * card shows — a sixth of the full JSON. Without it the spec's full project objects.
 */
export const ExploreQuery = PageQuery(EXPLORE_PAGE_SIZE, PAGE_SIZE_MAX).extend({
  view: z.enum(['full', 'card']).default('full'),
  /** Keyset paging (docs/decisions/161): the page after this cursor (a reply's `nextCursor`); `page` is then not read. */
  after: afterCursor,
});
export type ExploreQuery = z.infer<typeof ExploreQuery>;

// Replies ---------------------------------------------------------------------------------

/** GET /api/projects/portfolio (the signed-in firm's own portfolio). */
/** What the super-admin hid and why: shown to the firm on its own portfolio only. */
const HiddenNote = z.object({ reason: z.string(), hiddenAt: z.string() });
export const PortfolioReply = z.object({
  userData: User,
  projects: z.array(PublicProject),
  hidden: z.object({ portfolio: HiddenNote.nullable(), projects: z.array(HiddenNote.extend({ projectId: z.string() })) }),
});
export type PortfolioReply = z.infer<typeof PortfolioReply>;

/** POST /api/projects/public-project (201) and PUT /api/projects/public-project/{id} (200). */
export const ProjectReply = z.object({ data: PublicProject });
export type ProjectReply = z.infer<typeof ProjectReply>;

/** GET /api/projects/public-project/{id}. */
export const ProjectDetailReply = z.object({ projectData: PublicProject, userData: PublicFirm });
export type ProjectDetailReply = z.infer<typeof ProjectDetailReply>;

/** GET /api/projects/explore. */
/**
 * `count` (all public projects) answers a `?page=` request; a request `after` a cursor counts nothing
 * (decision 161). `nextCursor` is the `after` of the next page, null on the last.
 */
const ExplorePaging = { count: z.number().int().optional(), nextCursor: z.string().nullable() };
export const ExploreReply = z.object({ projects: z.array(ExploreProject), ...ExplorePaging });
export type ExploreReply = z.infer<typeof ExploreReply>;

/** A project of `GET /api/projects/explore?view=card`: its card's fields, its first image and its owner's names. */
export const ExploreCard = PublicProject.pick({ id: true, projectName: true, projectType: true, city: true, state: true, country: true, year: true }).extend({
  images: z.array(ProjectImage.pick({ w480: true, w960: true, w1600: true, width: true, height: true })).max(1),
  owner: FirmSummary.pick({ id: true, userName: true, firmName: true }),
});
export type ExploreCard = z.infer<typeof ExploreCard>;
export const ExploreCardReply = z.object({ projects: z.array(ExploreCard), ...ExplorePaging });
export type ExploreCardReply = z.infer<typeof ExploreCardReply>;

/** GET /api/projects/explore/{id}. */
export const ExploreDetailReply = z.object({ data: ProjectDetailReply });
export type ExploreDetailReply = z.infer<typeof ExploreDetailReply>;

/** GET /api/projects/public-portfolio/{id}. */
export const PublicPortfolioReply = z.object({ data: z.object({ projects: z.array(PublicProject), userData: PublicFirm }) });
export type PublicPortfolioReply = z.infer<typeof PublicPortfolioReply>;

export const SearchQuery = z.object({ search: z.string().max(200, 'search is at most 200 characters').default('') });

/** GET /api/projects/search?search= */
export const SearchReply = z.object({
  data: z.object({
    projects: z.array(z.object({ id: z.string(), projectName: z.string() })),
    firmList: z.array(z.object({ id: z.string(), userName: z.string(), firmName: z.string().nullable() })),
  }),
});
export type SearchReply = z.infer<typeof SearchReply>;

/** DELETE /api/projects/public-project/{id} and DELETE /api/projects/images/{id}. */
export const DeletedReply = z.object({ message: z.string() });
