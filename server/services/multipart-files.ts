import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';

/** Multipart errors of @fastify/multipart as the api's error shape. */
export function uploadError(error: unknown, what: { perFile: string; count: string }): unknown {
  const code = (error as { code?: string })?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, what.perFile);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, what.count);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'Send the files as multipart/form-data');
    default:
      // A malformed body (cut off, wrong boundary) is the client's fault, not a server failure.
      if (code === 'ERR_STREAM_PREMATURE_CLOSE' || (error instanceof Error && /multipart|boundary|unexpected end|premature/i.test(error.message))) {
        return new HttpError(400, 'The multipart body could not be read');
      }
      return error;
  }
}

/** The files and text fields of a multipart request, read into memory within the limits (files of other fields are dropped). */
export async function readUploadedFiles(
  request: FastifyRequest,
  options: { fields: string[]; maxFiles: number; maxBytes: number; messages: { perFile: string; count: string } },
) {
  const files: Array<{ data: Buffer; filename: string }> = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: options.maxFiles, fields: 20, parts: options.maxFiles + 20 } })) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        // A body cut off inside a part makes the parser emit an error on the part's stream after it
        // was consumed; without a listener that is an uncaught exception that stops the process.
        file.file.on('error', () => {});
        const data = await file.toBuffer();
        if (options.fields.includes(file.fieldname)) files.push({ data, filename: file.filename });
      } else if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error, options.messages);
  }
  return { files, fields };
}
