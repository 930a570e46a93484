import sharp from 'sharp';

/**
 * The PDF's item pictures (docs/decisions/105): square crops made here rather than by the page's
 * `object-fit: cover`, which made Chromium's printing of 100 items about five times slower. Three
 * times the 52 px they are printed at, so they stay sharp on paper.
 */
export const PRINT_THUMB_PX = 156;

/** A square WebP crop of a stored image variant (already re-encoded by the upload, so trusted). */
export function printThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(PRINT_THUMB_PX, PRINT_THUMB_PX, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
}

export const webpDataUrl = (bytes: Buffer) => `data:image/webp;base64,${bytes.toString('base64')}`;
