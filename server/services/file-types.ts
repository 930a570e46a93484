import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_TYPES } from '../contract/upload-rules.js';

export type DetectedType = { ext: string; mime: string };

/**
 * The type of a file by its content (magic bytes), never by its name.
 * Old Word documents are OLE compound files: reported as doc when the name agrees.
 */
export async function detectFileType(data: Buffer, filename?: string): Promise<DetectedType | undefined> {
  const type = await fileTypeFromBuffer(data);
  if (!type) return undefined;
  if (type.ext === 'cfb' && filename?.toLowerCase().endsWith('.doc')) return { ext: 'doc', mime: 'application/msword' };
  return { ext: type.ext, mime: type.mime };
}

/** The accepted types live in the zod-free upload rules, which the browser's pickers share (decision 156). */
export { DOCUMENT_TYPES, IMAGE_TYPES } from '../contract/upload-rules.js';

/** Whether a detected type is one of the project image types (JPEG, PNG, GIF). */
export const isProjectImageExt = (ext: string | undefined): boolean => !!ext && (IMAGE_TYPES.project as readonly string[]).includes(ext);
