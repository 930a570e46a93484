/**
 * The plain values of public projects and their images (showcase-and-accounts.md section 5):
 * messages, limits and page sizes. No zod here, so browser code can use them; the schemas of
 * projects.ts are built from the same values.
 */

export const PROJECT_IMAGES_MIN = 4;
export const PROJECT_IMAGES_MAX = 100;
/** Bytes per uploaded project image. */
export const PROJECT_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Files per POST /api/projects/images request. */
export const PROJECT_IMAGES_PER_REQUEST = 20;
export const PROJECT_TEAMS_MAX = 50;
export const PROJECT_ARCHITECTURE_MAX = 50;
export const YEAR_MIN = 1800;
/** Planned projects may carry a year a little ahead. */
export const yearMax = () => new Date().getFullYear() + 10;

export const IMAGE_TYPE_MESSAGE = 'File is not a valid image (JPEG, PNG, or GIF required).';
export const IMAGES_MIN_MESSAGE = 'Please upload at least 4 images';
export const IMAGES_MAX_MESSAGE = 'Cannot add more than 100 images.';

/** Widths of the WebP variants; a variant is never wider than the original. */
export const VARIANT_WIDTHS = { w480: 480, w960: 960, w1600: 1600 } as const;

export const EXPLORE_PAGE_SIZE = 10;
export const PAGE_SIZE_MAX = 50;
export const SEARCH_LIMIT = 10;

/**
 * The image id (`<24-hex>_<width>x<height>`) behind a project image url of `ownerId`: any of its
 * WebP variants, as a path or a full url (decision 143). Null for anything else; whether the image
 * is really the owner's upload (or in the project) is the api's check on the id.
 */
export function imageIdFromUrl(url: string, ownerId: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://local').pathname;
  } catch {
    return null;
  }
  const m = /\/projects\/([^/]+)\/([0-9a-f]{24}_[1-9][0-9]{0,5}x[1-9][0-9]{0,5})\/w(?:480|960|1600)\.webp$/.exec(pathname);
  return m && m[1] === ownerId ? m[2]! : null;
}
