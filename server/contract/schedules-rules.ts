/**
 * The plain values of project schedules (workspace-and-admin.md screen 3, sections 4, 5, 8, 9):
 * limits, image sizes and the spec's messages. No zod here, so browser code can use them; the
 * schemas of schedules.ts are built from the same values (docs/decisions/058).
 */

export const SCHEDULE_TITLE_MAX = 200;
export const SCHEDULE_DESCRIPTION_MAX = 2000;
/** Images of one schedule, and files of one upload request: the spec's picker limit. */
export const SCHEDULE_IMAGES_MAX = 10;
/** Bytes per uploaded schedule image (as portfolio images). */
export const SCHEDULE_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Schedules of one project: far above real use, a bound on what one project's list answers. */
export const SCHEDULES_PER_PROJECT_MAX = 500;
/** Widths of the WebP variants an image is served at (`?size=`); 960 when none is asked. */
export const SCHEDULE_IMAGE_SIZES = [480, 960, 1600] as const;
export type ScheduleImageSize = (typeof SCHEDULE_IMAGE_SIZES)[number];

export const SCHEDULE_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  /** workspace-and-admin.md section 5, the image picker. */
  imageType: 'Only JPG, PNG or GIF allowed',
  imagesMax: `You can add only ${SCHEDULE_IMAGES_MAX} images`,
  imageTooLarge: `Each image must be at most ${SCHEDULE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  imageMissing: 'Image not found; upload it again',
  imageTaken: 'An image of this list was just saved in another schedule; upload it again',
  imagesRequiredToUpload: 'Choose at least one image',
  tooMany: `A project can hold at most ${SCHEDULES_PER_PROJECT_MAX} schedules.`,
  nothingToUpdate: 'Send a title, a description or schedulesFiles to change',
  notFound: 'Schedule not found',
  imageNotFound: 'Image not found',
  /** The spec's error catalogue (section 8), shown as toasts by the web. */
  createFailed: 'Failed to create schedule',
  createdWithoutData: 'Failed to get created Schedule data',
  updateFailed: 'Failed to updated Schedule',
  imageUpdateFailed: 'Failed to update schedule',
  uploadFailed: 'Failed to upload image',
  deleteFailed: 'Failed to delete schedule',
  /** Screen 3's empty text. */
  empty: 'No project schedule available',
  created: 'Schedule created',
  updated: 'Schedule updated',
  imageUpdated: 'Image updated',
  deleted: 'Schedule deleted',
} as const;

/** `<24-hex>_<width>x<height>`: the id of a schedule image (an upload's id and the size of its original). */
export const SCHEDULE_IMAGE_ID = /^([0-9a-f]{24})_([1-9][0-9]{0,5})x([1-9][0-9]{0,5})$/;
