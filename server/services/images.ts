import crypto from 'node:crypto';
import sharp from 'sharp';

type Metadata = Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
type RawOutput = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
import { VARIANT_WIDTHS, type ProjectImage } from '../contract/projects.js';
import type { ImageVariants } from '../queries/public-projects.js';
import { AVATAR_SIZES, type ProfileImageCrop } from '../contract/profile.js';
import { SIGNATURE_BOX } from '../contract/billing-rules.js';
import type { Database } from '../db/connection.js';
import { HttpError } from '../errors.js';
import { findUploads, type PendingUpload } from '../queries/pending-uploads.js';
import { storeUpload } from './pending-uploads.js';
import { publicUrl, type Storage } from './storage/storage.js';

/**
 * The image pipeline (DESIGN.md section 3): type by content (checked as the upload arrives,
 * server/files/receive-files.ts), re-encoded with sharp after the EXIF orientation is applied,
 * every metadata block (EXIF with GPS, XMP, IPTC, ICC) dropped, WebP variants that are never wider
 * than the original. Keys carry random ids. An input is a Buffer or the path of a file (an upload
 * waiting in its temporary file is decoded from disk, never read into the heap).
 */
export type ImageInput = Buffer | string;

/** Decompression bombs: a small file that decodes to a huge bitmap is refused. */
const MAX_INPUT_PIXELS = 60_000_000;
const WEBP_QUALITY = 80;
/** libwebp effort 0–6: 4 is its default; the demo seed uses less to start fast. */
const WEBP_EFFORT = 4;

export type EncodeOptions = { effort?: number };

export class InvalidImageError extends Error {}

type VariantName = keyof typeof VARIANT_WIDTHS;
const VARIANT_NAMES = Object.keys(VARIANT_WIDTHS) as VariantName[];

function input(data: ImageInput) {
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
}

/** Width and height as displayed (after the EXIF orientation), or InvalidImageError. */
async function orientedSize(data: ImageInput) {
  let meta: Metadata;
  try {
    // The header only: the pixel limit is checked below with its own answer.
    meta = await sharp(data, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw new InvalidImageError('unreadable image');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new InvalidImageError('image without a size');
  if (width * height > MAX_INPUT_PIXELS) throw new HttpError(413, 'The image is too large (at most 60 megapixels).');
  return { width, height };
}

export type ProcessedProjectImage = { width: number; height: number; variants: Record<VariantName, Buffer> };

/** The bytes an image's variants take in storage: what its pending upload counts against the firm's quota. */
export const storedBytes = (processed: Pick<ProcessedProjectImage, 'variants'>) => Object.values(processed.variants).reduce((sum, buffer) => sum + buffer.length, 0);

/** Decodes once at most 1600 px wide, then derives the smaller variants from that. */
export async function processProjectImage(data: ImageInput, options: EncodeOptions = {}): Promise<ProcessedProjectImage> {
  const { width, height } = await orientedSize(data);
  let largest: RawOutput;
  try {
    largest = await input(data)
      .autoOrient()
      .resize({ width: VARIANT_WIDTHS.w1600, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidImageError('undecodable image');
  }
  const raw = { width: largest.info.width, height: largest.info.height, channels: largest.info.channels };
  const variants = {} as Record<VariantName, Buffer>;
  await Promise.all(
    VARIANT_NAMES.map(async (name) => {
      variants[name] = await sharp(largest.data, { raw })
        .resize({ width: Math.min(VARIANT_WIDTHS[name], width), withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: options.effort ?? WEBP_EFFORT })
        .toBuffer();
    }),
  );
  return { width, height, variants };
}

// Project images -------------------------------------------------------------------------------

/** `<24-hex>_<width>x<height>`: the id of an upload not yet in a project (decision 020). */
export const PENDING_IMAGE_ID = /^([0-9a-f]{24})_([1-9][0-9]{0,5})x([1-9][0-9]{0,5})$/;

export const projectImageKey = (ownerId: string, imageId: string, width: number, height: number) =>
  `projects/${ownerId}/${imageId}_${width}x${height}`;

export const variantKeys = (storageKey: string) => VARIANT_NAMES.map((name) => `${storageKey}/${name}.webp`);

export function variantUrls(storageKey: string): Record<VariantName, string> {
  return { w480: publicUrl(`${storageKey}/w480.webp`), w960: publicUrl(`${storageKey}/w960.webp`), w1600: publicUrl(`${storageKey}/w1600.webp`) };
}

type StoredProjectImage = ProjectImage & { storageKey: string };

const putVariants = (storage: Storage, storageKey: string, processed: ProcessedProjectImage) =>
  Promise.all(VARIANT_NAMES.map((name) => storage.put('public', `${storageKey}/${name}.webp`, processed.variants[name], { contentType: 'image/webp' })));

function imageRecord(imageId: string, storageKey: string, width: number, height: number): StoredProjectImage {
  const urls = variantUrls(storageKey);
  return { id: `${imageId}_${width}x${height}`, url: urls.w960, ...urls, width, height, storageKey };
}

/** Processes and stores one project image of `ownerId` (the seed's and the factories' way; uploads use uploadProjectImage). */
export async function storeProjectImage(storage: Storage, ownerId: string, data: ImageInput, options: EncodeOptions = {}): Promise<StoredProjectImage> {
  const processed = await processProjectImage(data, options);
  const imageId = crypto.randomBytes(12).toString('hex');
  const storageKey = projectImageKey(ownerId, imageId, processed.width, processed.height);
  await putVariants(storage, storageKey, processed);
  return imageRecord(imageId, storageKey, processed.width, processed.height);
}

/**
 * An uploaded project image (a file on disk): processed, recorded as a pending upload of
 * `ownerId` (decision 078), its variants stored. Answers the upload record; a failure stores nothing.
 */
export async function uploadProjectImage(db: Database, storage: Storage, ownerId: string, file: string): Promise<StoredProjectImage & { upload: PendingUpload }> {
  const processed = await processProjectImage(file);
  const imageId = crypto.randomBytes(12).toString('hex');
  const { width, height } = processed;
  const storageKey = projectImageKey(ownerId, imageId, width, height);
  const upload = await storeUpload(
    db,
    storage,
    { id: imageId, ownerId, kind: 'project-image', area: 'public', keys: variantKeys(storageKey), contentType: 'image/webp', size: storedBytes(processed), details: { width, height, storageKey } },
    async () => {
      await putVariants(storage, storageKey, processed);
    },
  );
  return { ...imageRecord(imageId, storageKey, width, height), upload };
}

export type PendingImage = { imageId: string; storageKey: string; width: number; height: number; variants: ImageVariants; upload: PendingUpload };

/**
 * The pending uploads of `ownerId` that these ids name (`<24-hex>_<w>x<h>`), by id; ids of
 * other owners, unknown, claimed or of another size are absent.
 */
export async function findPendingImages(db: Database, ownerId: string, ids: string[]): Promise<Map<string, PendingImage>> {
  const parsed = ids.flatMap((id) => {
    const match = PENDING_IMAGE_ID.exec(id);
    return match ? [{ id, imageId: match[1]!, width: Number(match[2]), height: Number(match[3]) }] : [];
  });
  const uploads = await findUploads(db, ownerId, 'project-image', parsed.map((p) => p.imageId));
  const found = new Map<string, PendingImage>();
  for (const p of parsed) {
    const upload = uploads.get(p.imageId);
    if (!upload || upload.details.width !== p.width || upload.details.height !== p.height) continue;
    const storageKey = projectImageKey(ownerId, p.imageId, p.width, p.height);
    found.set(p.id, { imageId: p.imageId, storageKey, width: p.width, height: p.height, variants: variantUrls(storageKey), upload });
  }
  return found;
}

export async function deleteImageFiles(storage: Storage, storageKeys: string[]) {
  if (storageKeys.length) await storage.delete('public', storageKeys.flatMap(variantKeys));
}

// Profile photos -------------------------------------------------------------------------------

/** The crop square inside the oriented image: the client's, clamped, or the centred square. */
export function cropSquare(size: { width: number; height: number }, crop?: ProfileImageCrop | null) {
  const max = Math.min(size.width, size.height);
  if (!crop) return { left: Math.floor((size.width - max) / 2), top: Math.floor((size.height - max) / 2), size: max };
  const side = Math.max(1, Math.min(crop.size, max));
  return {
    left: Math.min(Math.max(0, crop.x), size.width - side),
    top: Math.min(Math.max(0, crop.y), size.height - side),
    size: side,
  };
}

export async function processAvatar(data: ImageInput, crop?: ProfileImageCrop | null): Promise<Record<(typeof AVATAR_SIZES)[number], Buffer>> {
  const size = await orientedSize(data);
  const square = cropSquare(size, crop);
  // Orientation and a first downscale in one decode (the largest output is 512 px, keep 2x of it),
  // then the crop, in the displayed image's pixels scaled alike.
  const scale = Math.min(1, (2 * AVATAR_SIZES[AVATAR_SIZES.length - 1]!) / square.size);
  let oriented: RawOutput;
  try {
    oriented = await input(data)
      .autoOrient()
      .resize({ width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)), fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidImageError('undecodable image');
  }
  const raw = { width: oriented.info.width, height: oriented.info.height, channels: oriented.info.channels };
  const side = Math.max(1, Math.min(Math.round(square.size * scale), raw.width, raw.height));
  const region = {
    left: Math.min(Math.round(square.left * scale), raw.width - side),
    top: Math.min(Math.round(square.top * scale), raw.height - side),
    width: side,
    height: side,
  };
  const out = {} as Record<(typeof AVATAR_SIZES)[number], Buffer>;
  await Promise.all(
    AVATAR_SIZES.map(async (px) => {
      out[px] = await sharp(oriented.data, { raw })
        .extract(region)
        .resize({ width: px, height: px, fit: 'cover' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
    }),
  );
  return out;
}

/** Stores a profile photo; answers the url of its 256 px variant (see avatarVariants). */
export async function storeAvatar(storage: Storage, userId: string, data: ImageInput, crop?: ProfileImageCrop | null) {
  const sizes = await processAvatar(data, crop);
  const prefix = `profiles/${userId}/${crypto.randomBytes(12).toString('hex')}`;
  const keys = AVATAR_SIZES.map((px) => `${prefix}/${px}.webp`);
  try {
    await Promise.all(AVATAR_SIZES.map((px, i) => storage.put('public', keys[i]!, sizes[px], { contentType: 'image/webp' })));
  } catch (error) {
    await storage.delete('public', keys).catch(() => {});
    throw error;
  }
  return publicUrl(`${prefix}/256.webp`);
}

/**
 * A firm's signature for its tax documents (CGST rule 46(q), decision 402): turned upright, every
 * metadata block dropped, fitted inside SIGNATURE_BOX without enlarging, written as PNG (its
 * transparency kept, a line drawing stays sharp). Stored privately under a random key: only the
 * firm's own documents print it.
 */
export async function storeSignature(storage: Storage, firmId: string, data: ImageInput): Promise<string> {
  await orientedSize(data);
  let png: Buffer;
  try {
    png = await input(data)
      .autoOrient()
      .resize({ ...SIGNATURE_BOX, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer();
  } catch {
    throw new InvalidImageError('undecodable image');
  }
  const key = `signatures/${firmId}/${crypto.randomBytes(12).toString('hex')}.png`;
  await storage.put('private', key, png, { contentType: 'image/png' });
  return key;
}

/** Whether a stored key is a signature this api stored (never a key taken from elsewhere). */
export const isSignatureKey = (key: string | null | undefined): key is string => !!key && /^signatures\/[0-9a-f]{24}\/[0-9a-f]{24}\.png$/.test(key);

/** The files of a stored profile photo url, or none for a url this api did not store. */
export function avatarKeys(url: string | null | undefined): string[] {
  const m = url ? /^\/uploads\/(profiles\/[0-9a-f]{24}\/[0-9a-f]{24})\/256\.webp$/.exec(url) : null;
  return m ? AVATAR_SIZES.map((px) => `${m[1]}/${px}.webp`) : [];
}

/** A link preview's JPEG quality: a messenger shows it small, a search result smaller. */
const PREVIEW_QUALITY = 82;

/**
 * A link preview, 1200 × 630 (docs/decisions/386): a project image cropped to the frame around
 * its most interesting part; a profile photo centred on the product's paper colour.
 */
export async function processPreview(source: Buffer, kind: 'project' | 'profile', size: { width: number; height: number }): Promise<Buffer> {
  if (kind === 'project') {
    return input(source).resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention }).jpeg({ quality: PREVIEW_QUALITY, mozjpeg: true }).toBuffer();
  }
  const side = Math.round(size.height * 0.7);
  const photo = await input(source).resize(side, side, { fit: 'cover' }).toBuffer();
  return sharp({ create: { width: size.width, height: size.height, channels: 3, background: '#f4f1ea' } })
    .composite([{ input: photo, gravity: 'centre' }])
    .jpeg({ quality: PREVIEW_QUALITY, mozjpeg: true })
    .toBuffer();
}
