import { avatarKeys, isSignatureKey } from './images.js';
import { printThumbnail, webpDataUrl } from './print-thumbnails.js';
import { scheduleImageFolder, scheduleVariantKey } from './schedule-images.js';
import type { Storage, StorageArea } from './storage/storage.js';

/**
 * The pictures a PDF prints, as data URLs (the page Chromium prints may load nothing; decision
 * 105): the firm's logo (its profile picture), its signature (decision 402) and square thumbnails
 * of summary item images, made from their 480 px variants, never the originals.
 */

async function readStored(storage: Storage, area: StorageArea, key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const file = await storage.get(area, key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), contentType: file.contentType };
}

/** The firm's profile picture (its largest stored size) as a data URL, or null. */
export async function logoDataUrl(storage: Storage, profileImage: string | null | undefined): Promise<string | null> {
  const key = avatarKeys(profileImage)[0];
  const file = key ? await readStored(storage, 'public', key) : null;
  return file && `data:${file.contentType};base64,${file.bytes.toString('base64')}`;
}

/** The firm's signature (decision 402), kept privately, as a data URL; null without one or for a file gone. */
export async function signatureDataUrl(storage: Storage, key: string | null | undefined): Promise<string | null> {
  const file = isSignatureKey(key) ? await readStored(storage, 'private', key) : null;
  return file && `data:${file.contentType};base64,${file.bytes.toString('base64')}`;
}

/** Thumbnails of schedule images by image id (missing files left out), a few at a time. */
export async function itemThumbnails(storage: Storage, projectId: string, imageIds: readonly string[]): Promise<Record<string, string>> {
  const images: Record<string, string> = {};
  // A few at a time: storage reads and crops (sharp's thread pool); 100 items' variants are a few MB.
  for (let i = 0; i < imageIds.length; i += 8) {
    await Promise.all(
      imageIds.slice(i, i + 8).map(async (imageId) => {
        const file = await readStored(storage, 'private', scheduleVariantKey(scheduleImageFolder(projectId, imageId), 480));
        if (file) images[imageId] = webpDataUrl(await printThumbnail(file.bytes));
      }),
    );
  }
  return images;
}
