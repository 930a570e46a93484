import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import { uploadError } from './multipart-files.js';

/** A form read from `multipart/form-data`: its text fields (repeated names as lists) and its files. */
export type MultipartForm = {
  /** Every text field; a name sent several times (the design team) keeps every value, in order. */
  fields: Record<string, string | string[]>;
  /** The files of the expected file fields (the first of each), read into memory within their limit. */
  files: Record<string, { data: Buffer; filename: string } | undefined>;
};

export type MultipartFormOptions = {
  /** The file fields read, each with its byte limit; files of other fields are read and dropped. */
  files: Record<string, number>;
  /** Text fields at most (repeated values count), so a client cannot send thousands. */
  maxFields: number;
  messages: { perFile: string; count: string; notMultipart: string };
};

/**
 * Reads a form the way the spec's web forms send it (text fields and a file in one multipart body),
 * with bounded memory: a refused body answers 400/413/415 with the api's error shape.
 */
export async function readMultipartForm(request: FastifyRequest, options: MultipartFormOptions): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, options.messages.notMultipart);
  const fields: MultipartForm['fields'] = Object.create(null);
  const files: MultipartForm['files'] = Object.create(null);
  const maxFileBytes = Math.max(...Object.values(options.files));
  const fileCount = Object.keys(options.files).length;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxFileBytes, files: fileCount + 2, fields: options.maxFields, parts: options.maxFields + fileCount + 2 },
    })) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        // A body cut off inside a part makes the parser emit an error on the part's stream after it
        // was consumed; without a listener that is an uncaught exception that stops the process.
        file.file.on('error', () => {});
        const limit = Object.hasOwn(options.files, file.fieldname) ? options.files[file.fieldname]! : 0;
        if (!limit || files[file.fieldname]) {
          file.file.resume();
          continue;
        }
        const data = await file.toBuffer();
        if (data.length > limit) throw new HttpError(413, options.messages.perFile, [{ path: file.fieldname, message: options.messages.perFile }]);
        // An empty file input is sent as a file part with no name and no bytes: no file.
        if (data.length > 0) files[file.fieldname] = { data, filename: file.filename };
      } else if (typeof part.value === 'string') {
        const current = fields[part.fieldname];
        fields[part.fieldname] = current === undefined ? part.value : [...(Array.isArray(current) ? current : [current]), part.value];
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw uploadError(error, options.messages);
  }
  return { fields, files };
}
