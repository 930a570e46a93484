/**
 * The plain values of workspace projects and their members (workspace-and-admin.md sections 5 and
 * 8): the spec's messages, the limits and the form's field names. No zod here, so browser code can
 * use them; the schemas of workspace-projects.ts and workspace-members.ts are built from them.
 */

/** The multipart field names of the spec's project form (section 3, "Form fields"). */
export const PROJECT_FORM_FIELDS = {
  projectName: 'projectName',
  projectType: 'projecttype',
  area: 'pincode',
  country: 'country',
  state: 'state',
  city: 'city',
  designTeam: 'designTeam',
  clientName: 'clientname',
  clientDetails: 'clientdetails',
  address: 'address',
  photo: 'profileImage',
  /** A photo kept from an earlier try of the form (decision 217): its draft's id, sent instead of the file. */
  photoDraft: 'photoDraft',
} as const;

/** The place rule's messages in this form's spelling (decision 157): the one rule of every form, its own words. */
export const PROJECT_PLACE_MESSAGES = {
  countryRequired: 'Country is required',
  stateRequired: 'State is required',
  cityRequired: 'project City is required',
} as const;

export const PROJECT_MESSAGES = {
  photoRequired: 'project photo is required',
  photoType: 'Only JPG, PNG or GIF allowed',
  photoTooLarge: 'The project photo must be at most 15 MB',
  photoDraftGone: 'The photo kept from your last try has expired; choose it again',
  nameRequired: 'project name is required',
  typeRequired: 'project type is required',
  typeUnknown: 'Choose a project type from the list',
  areaRequired: 'Project Area is required',
  areaDigits: 'Only numbers are allowed',
  areaTooLong: 'At most 9 digits',
  ...PROJECT_PLACE_MESSAGES,
  designTeamRequired: 'Design team is required',
  designTeamUnknown: 'Choose the design team from Architect, Designer, Engineer and Manager',
  clientNameRequired: 'client name is required',
  clientDetailsRequired: 'client details is required',
  addressRequired: 'address is required',
  /** Spec, error catalogue: what the web says when the server fails. */
  saveFailed: 'Failed to save project',
  updateFailed: 'Failed to update project',
  uploadFailed: 'Failed to upload images',
  loadFailed: 'Failed to load project details',
} as const;

export const PROJECT_LIMITS = {
  name: 200,
  placeName: 100,
  clientName: 200,
  clientDetails: 2000,
  address: 500,
  /** Digits of the area (an integer column). */
  areaDigits: 9,
  photoBytes: 15 * 1024 * 1024,
} as const;

/**
 * The paged project list (docs/decisions/203): cards a page (a multiple of the grid's 2, 3 and 4
 * columns), the most a client may ask for, and the longest search.
 */
export const PROJECT_LIST = { pageSize: 24, pageMax: 100, search: 200 } as const;

/** Widths of the photo's WebP variants (as portfolio images): the card shows 480, the panel 960. */
export const PHOTO_SIZES = ['480', '960', '1600'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

export const MEMBER_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  duplicate: 'This email is already a member of this project',
  notFound: 'Member not found',
  /** Spec, error catalogue. */
  createFailed: 'Failed to create member',
  updateFailed: 'Failed to update member',
} as const;

export const MEMBER_LIMITS = { name: 120, email: 254 } as const;

/** The spec's empty texts. */
export const EMPTY_PROJECTS = 'No projects available';
/** The project list's search that found none (the firm has projects): not the spec's empty text. */
export const noProjectsMatch = (search: string) => `No projects match “${search}”.`;
export const EMPTY_MEMBERS = 'No Members available';
