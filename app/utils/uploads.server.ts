import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';

/** What a file part became: a File kept in memory, or the result of passing it on at once. */
export const TOO_LARGE = '\u0000too-large';
export const TOO_MANY = '\u0000too-many';

type Options = {
  /** Bytes per file; a larger file is read to its end, dropped and marked TOO_LARGE. */
  maxFileBytes: number;
  /** Files per request; later ones are dropped and marked TOO_MANY. */
  maxFiles: number;
  /** Bytes of all text fields together. */
  maxTextBytes?: number;
  /**
   * Called for each file as soon as it is read (one at a time, so memory holds one file), e.g. to
   * stream it on to the api; its answer is what the form data holds for that part.
   */
  onFile?: (file: File, field: string) => Promise<string | undefined>;
};

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    /* discard */
  }
}

/**
 * Parses a multipart form (a no-JavaScript upload, or the same form submitted with JavaScript)
 * with bounded memory: text fields up to `maxTextBytes` in all, each file up to `maxFileBytes`,
 * empty file inputs skipped. A file over a limit does not fail the whole form: it is marked, so
 * the action can answer with the field's message and keep everything else that was typed.
 */
export async function parseUploadForm(request: Request, options: Options): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) return request.formData();
  const maxTextBytes = options.maxTextBytes ?? 1024 * 1024;
  let textBytes = 0;
  let files = 0;
  const handler: UploadHandler = async ({ name, filename, contentType: type, data }) => {
    if (typeof filename !== 'string') {
      const chunks: Uint8Array[] = [];
      for await (const chunk of data) {
        textBytes += chunk.byteLength;
        if (textBytes > maxTextBytes) throw new Response('Form too large', { status: 413 });
        chunks.push(chunk);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    if (filename === '') {
      await drain(data);
      return undefined;
    }
    files += 1;
    if (files > options.maxFiles) {
      await drain(data);
      return TOO_MANY;
    }
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > options.maxFileBytes) {
        await drain(data);
        return TOO_LARGE;
      }
      chunks.push(new Uint8Array(chunk));
    }
    if (size === 0) return undefined;
    const file = new File(chunks, filename, { type: type || 'application/octet-stream' });
    return options.onFile ? options.onFile(file, name) : file;
  };
  return unstable_parseMultipartFormData(request, handler);
}
