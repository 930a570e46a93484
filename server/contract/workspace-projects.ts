import { z } from 'zod/v4';
import { optionalText, requiredText, titleText } from './text-fields.js';
import { DESIGN_TEAM_ROLES, PROJECT_TYPE_VALUES } from './vocabulary.js';
import { ErrorReply, IdParams, MessageReply, pageLimit, pageNumber, StaleReply, VersionField } from './http.js';
import { binary, operationsOf } from './operation.js';
import { PHOTO_SIZES, PROJECT_LIST, PROJECT_LIMITS, PROJECT_MESSAGES as M } from './workspace-projects-rules.js';

/**
 * Workspace projects (DESIGN.md sections 4 and 9; workspace-and-admin.md screens 1 and 2): the form
 * the api reads from `multipart/form-data` with the spec's field names, and the shapes it answers.
 * The web validates its form with the same schema before it calls the api.
 */

export { EMPTY_PROJECTS, PHOTO_SIZES, PROJECT_FORM_FIELDS, PROJECT_LIST, PROJECT_LIMITS, PROJECT_MESSAGES, PROJECT_PLACE_MESSAGES, type PhotoSize } from './workspace-projects-rules.js';

/** One value of a form field: a repeated field arrives as a list (the first value counts). */
const single = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** A list field (the design team): one value, repeated values, or none; empty values dropped. */
const list = (value: unknown) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]).filter((v) => v !== '');

const text = (message: string, max: number) => z.preprocess(single, requiredText(message, max));

const ROLES: readonly string[] = DESIGN_TEAM_ROLES;

/**
 * The text fields of the project form (section 5's rules and messages), by the spec's names. The
 * photo (`profileImage`) is a file: the api checks it apart (required on create, JPG/PNG/GIF by content).
 */
export const WorkspaceProjectForm = z.object({
  projectName: z.preprocess(single, titleText(M.nameRequired, PROJECT_LIMITS.name)),
  projecttype: z.preprocess(
    single,
    z
      .string({ error: M.typeRequired })
      .trim()
      .min(1, { error: M.typeRequired, abort: true })
      .refine((v) => (PROJECT_TYPE_VALUES as readonly string[]).includes(v), M.typeUnknown)
      .meta({ enum: [...PROJECT_TYPE_VALUES] }),
  ),
  pincode: z.preprocess(
    single,
    z
      .string({ error: M.areaRequired })
      .trim()
      .min(1, { error: M.areaRequired, abort: true })
      .regex(/^\d+$/, { error: M.areaDigits, abort: true })
      .max(PROJECT_LIMITS.areaDigits, M.areaTooLong)
      .transform(Number),
  ),
  country: text(M.countryRequired, PROJECT_LIMITS.placeName),
  // Required where the place data set lists states (cities) for the chosen country (state), as in
  // every other form: placeRuleErrors (decision 157). Empty is stored as null.
  state: z.preprocess(single, optionalText(PROJECT_LIMITS.placeName, null)),
  city: z.preprocess(single, optionalText(PROJECT_LIMITS.placeName, null)),
  designTeam: z.preprocess(
    list,
    z
      .array(z.string({ error: M.designTeamUnknown }), { error: M.designTeamRequired })
      .min(1, { error: M.designTeamRequired, abort: true })
      .max(ROLES.length * 2, M.designTeamUnknown)
      .refine((roles) => roles.every((r) => ROLES.includes(r)), M.designTeamUnknown)
      // Stored once each, in the vocabulary's order, however the form listed them.
      .transform((roles) => ROLES.filter((r) => roles.includes(r))),
  ),
  clientname: text(M.clientNameRequired, PROJECT_LIMITS.clientName),
  clientdetails: text(M.clientDetailsRequired, PROJECT_LIMITS.clientDetails),
  address: text(M.addressRequired, PROJECT_LIMITS.address),
});
/** What the form holds before validation (strings, the design team as a list). */
export type WorkspaceProjectFormInput = {
  projectName?: string;
  projecttype?: string;
  pincode?: string;
  country?: string;
  state?: string;
  city?: string;
  designTeam?: string[];
  clientname?: string;
  clientdetails?: string;
  address?: string;
};
export type WorkspaceProjectForm = z.infer<typeof WorkspaceProjectForm>;
/** An update's form: the fields and the `version` of the project they were read at (docs/decisions/320), a form field as the others. */
export const WorkspaceProjectChangesForm = WorkspaceProjectForm.extend({
  version: z.preprocess((value) => {
    const one = single(value);
    return one === undefined || one === '' ? undefined : Number(one);
  }, VersionField),
});
export type WorkspaceProjectChangesForm = z.infer<typeof WorkspaceProjectChangesForm>;

/** The urls of the photo's WebP variants: authorized api paths (the web streams them with the session). */
export const ProjectPhoto = z.object({ w480: z.string(), w960: z.string(), w1600: z.string() });
export type ProjectPhoto = z.infer<typeof ProjectPhoto>;

export const WorkspaceProject = z.object({
  id: z.string(),
  projectName: z.string(),
  projectType: z.string(),
  /** Display label of projectType (DESIGN.md section 7). */
  projectTypeLabel: z.string(),
  /** The spec's `pincode` field, a whole number. */
  area: z.number().int().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  designTeam: z.array(z.string()),
  clientName: z.string().nullable(),
  clientDetails: z.string().nullable(),
  address: z.string().nullable(),
  /** Null only for a project made without one (test factories); the form always requires one. */
  photo: ProjectPhoto.nullable(),
  /** What the caller may do on it: 'manage' (the firm, a sub-admin) or 'work' (a member employee). */
  access: z.enum(['manage', 'work']),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkspaceProject = z.infer<typeof WorkspaceProject>;
export const WorkspaceProjectStaleReply = StaleReply(WorkspaceProject);

/**
 * GET /api/projects?page=&limit=&search= (docs/decisions/203). Without `page` the whole list, as
 * the pickers, the task form and the calendar read it; with it one page of `limit` (24, at most
 * 100: more is clamped). `search` keeps the projects whose name or client name holds it.
 */
export const WorkspaceProjectsQuery = z.object({
  page: pageNumber.unwrap().optional(),
  limit: pageLimit(PROJECT_LIST.pageSize, PROJECT_LIST.pageMax),
  search: z
    .string()
    .max(PROJECT_LIST.search, `search is at most ${PROJECT_LIST.search} characters`)
    .optional()
    .transform((v) => v?.trim() || undefined),
});
export type WorkspaceProjectsQuery = z.input<typeof WorkspaceProjectsQuery>;

/**
 * GET /api/projects: the caller's visible projects, newest first; `canManage` says whether it may
 * add one. A paged request also answers `count` (the projects of every page) and its `page` and `limit`.
 */
export const WorkspaceProjectsReply = z.object({
  data: z.array(WorkspaceProject),
  canManage: z.boolean(),
  count: z.number().int().optional(),
  page: z.number().int().optional(),
  limit: z.number().int().optional(),
});
export type WorkspaceProjectsReply = z.infer<typeof WorkspaceProjectsReply>;

/**
 * POST /api/projects/photo-drafts (201): a photo kept for a form that came back (decision 217).
 * `id` goes in the form's `photoDraft` field; `w480` shows it to its uploader.
 */
export const PhotoDraftReply = z.object({ data: z.object({ id: z.string(), w480: z.string() }) });
export type PhotoDraftReply = z.infer<typeof PhotoDraftReply>;

/** GET /api/projects/{id}, POST /api/projects (201), PUT /api/projects/{id}. */
export const WorkspaceProjectReply = z.object({ data: WorkspaceProject });
export type WorkspaceProjectReply = z.infer<typeof WorkspaceProjectReply>;

export const PhotoQuery = z.object({
  size: z.enum(PHOTO_SIZES, { error: `size is one of ${PHOTO_SIZES.join(', ')}` }).default('960'),
  /** The photo's version (changes with the photo, so a cached copy of the old one is not reused). */
  v: z.string().max(64).optional(),
});

/**
 * The project form's parts as the document shows them: its fields (their rules in
 * WorkspaceProjectForm, which the api applies), the project type and design team by their
 * vocabularies, and the photo `profileImage` or a kept `photoDraft` (decision 217).
 */
const projectParts = <F extends typeof WorkspaceProjectForm>(form: F, photo: string) =>
  form.extend({
    projecttype: z.enum(PROJECT_TYPE_VALUES),
    state: z.string().max(PROJECT_LIMITS.placeName).optional(),
    city: z.string().max(PROJECT_LIMITS.placeName).optional(),
    designTeam: z.array(z.enum(DESIGN_TEAM_ROLES)).min(1),
    profileImage: z.file().optional().describe(photo),
    photoDraft: z.string().max(64).optional().describe('The id POST /api/projects/photo-drafts answered, instead of profileImage'),
  });
export const WorkspaceProjectParts = projectParts(WorkspaceProjectForm, 'The photo, JPG, PNG or GIF by content: required unless photoDraft names a kept one');
export const WorkspaceProjectChangesParts = projectParts(WorkspaceProjectChangesForm, 'A new photo, JPG, PNG or GIF by content (the old one stays without it)');
export const PhotoDraftParts = z.object({ profileImage: z.file().describe('JPG, PNG or GIF by content') });

const op = operationsOf('workspace', ['workspace']);
/** A project form's own refusals: a kept photo gone (409), too large, not multipart, too many at once. */
const formErrors = { 404: ErrorReply, 409: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply } as const;
const photoReplies = { 200: binary('image/webp'), 206: binary('image/webp'), 404: ErrorReply, 416: ErrorReply } as const;

/**
 * The workspace projects' operations (docs/decisions/203, 217, 370), scope `workspace`: the api
 * registers them (server/routes/projects/read.ts, save.ts, photo-drafts.ts) and the web calls them
 * (app/models/workspace-projects.server.ts).
 */
export const workspaceProjectOperations = {
  list: op({
    method: 'GET',
    path: '/projects',
    summary: "The caller's workspace projects: all of them, or with ?page= one page and the count",
    query: WorkspaceProjectsQuery,
    replies: { 200: WorkspaceProjectsReply, 404: ErrorReply },
  }),
  get: op({ method: 'GET', path: '/projects/:id', summary: 'One workspace project', params: IdParams, replies: { 200: WorkspaceProjectReply, 404: ErrorReply } }),
  photo: op({
    method: 'GET',
    path: '/projects/:id/photo',
    summary: "A project's photo (WebP, 480, 960 or 1600 px wide)",
    params: IdParams,
    query: PhotoQuery,
    replies: photoReplies,
  }),
  create: op({
    method: 'POST',
    path: '/projects',
    summary: 'Create a workspace project (the form fields and the photo profileImage)',
    body: { multipart: WorkspaceProjectParts },
    replies: { 201: WorkspaceProjectReply, ...formErrors },
  }),
  update: op({
    method: 'PUT',
    path: '/projects/:id',
    summary: 'Update a workspace project from the `version` read (a new photo profileImage is optional); 409 with the current project when changed meanwhile',
    params: IdParams,
    body: { multipart: WorkspaceProjectChangesParts },
    replies: { 200: WorkspaceProjectReply, ...formErrors, 409: WorkspaceProjectStaleReply },
  }),
  delete: op({
    method: 'DELETE',
    path: '/projects/:id',
    summary: 'Delete a workspace project with its schedules, folders, files and members',
    params: IdParams,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
  keepPhoto: op({
    method: 'POST',
    path: '/projects/photo-drafts',
    summary: 'Keep a project photo for a form sent back with errors; its id goes in photoDraft',
    body: { multipart: PhotoDraftParts },
    replies: { 201: PhotoDraftReply, ...formErrors },
  }),
  photoDraft: op({
    method: 'GET',
    path: '/projects/photo-drafts/:id',
    summary: 'A kept project photo (WebP, 480 px wide), to its uploader only',
    params: IdParams,
    replies: photoReplies,
  }),
} as const;
