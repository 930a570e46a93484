import type { FileKind, UploadRule } from '../../server/contract/upload-rules';

/**
 * A first look at a chosen file in the browser (decision 156): its type by its
 * first bytes and its size, against the picker's rule, with the api's messages. Every picker uses
 * it, so a wrong file is refused as soon as it is chosen; the api still checks the content and
 * decides.
 */

/** Bytes read from the start of a file: enough for every signature below. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => head[offset + i] === byte);

/**
 * The kind of a file by its first bytes, or null. Word files need their name too, as on the api:
 * an OLE compound file is a .doc only when so named, and a zip a .docx (the api looks inside).
 */
export function sniffKind(head: Uint8Array, name = ''): FileKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'gif'; // GIF8
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp'; // RIFF....WEBP
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return /\.doc$/i.test(name) ? 'doc' : null;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return /\.docx$/i.test(name) ? 'docx' : null;
  return null;
}

/** What is wrong with a file under a rule (its first bytes read), or null when it may be sent. */
export function fileProblemOf(head: Uint8Array, file: { name: string; size: number }, rule: UploadRule): string | null {
  const kind = sniffKind(head, file.name);
  if (!kind || !rule.accept.includes(kind)) return rule.typeMessage;
  return file.size > rule.maxBytes ? rule.tooLargeMessage : null;
}

/** Reads the start of a chosen file and says what is wrong with it, or null. */
export async function fileProblem(file: File, rule: UploadRule): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return fileProblemOf(head, file, rule);
}

/** Several chosen files sorted into those that may be sent and those refused, with their messages. */
export async function sortFiles(files: File[], rule: UploadRule): Promise<{ accepted: File[]; refused: Array<{ file: File; message: string }> }> {
  const problems = await Promise.all(files.map((file) => fileProblem(file, rule)));
  return {
    accepted: files.filter((_, i) => !problems[i]),
    refused: files.flatMap((file, i) => (problems[i] ? [{ file, message: problems[i]! }] : [])),
  };
}

/** One line per message for refused files: "a.txt, b.png: <the api's message>", or null when none were. */
export function refusalMessage(refused: ReadonlyArray<{ file: { name: string }; message: string }>): string | null {
  if (!refused.length) return null;
  const byMessage = new Map<string, string[]>();
  for (const { file, message } of refused) byMessage.set(message, [...(byMessage.get(message) ?? []), file.name]);
  return [...byMessage].map(([message, names]) => `${names.join(', ')}: ${message}`).join(' ');
}

/**
 * What stops a picker's chosen files from being sent at once: more than `room` allows (with its
 * message), or any file refused by the rule; null when the form may be submitted.
 */
export async function pickProblem(files: File[], rule: UploadRule, room?: { left: number; message: string }): Promise<string | null> {
  if (room && files.length > room.left) return room.message;
  return refusalMessage((await sortFiles(files, rule)).refused);
}
