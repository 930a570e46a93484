import yauzl from 'yauzl';

/**
 * The one text file inside a small ZIP (decision 401: the Form 26AS download as TRACES gives it).
 * Read with yauzl (already a dependency of the PDF renderer's install, now declared), from memory:
 * the upload is at most 1 MB. What is inflated is counted as it comes, whatever the ZIP's headers
 * claim, and stops at `maxBytes` (a small ZIP that inflates to gigabytes is refused, never read).
 */

export type ZippedText =
  | { ok: true; name: string; bytes: Buffer }
  /** `encrypted`: a password-protected entry (TRACES protects its ZIP); `empty`: no file; `several`: more than one; `tooLarge`; `unreadable`: not a ZIP yauzl reads. */
  | { ok: false; reason: 'encrypted' | 'empty' | 'several' | 'tooLarge' | 'unreadable' };

const open = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip))));

/** The file entries (folders and the macOS resource forks a re-zipped download may carry left out). */
function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/') && !entry.fileName.startsWith('__MACOSX/')) entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer | 'tooLarge'> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          resolve('tooLarge');
        } else chunks.push(chunk);
      });
      stream.once('end', () => resolve(Buffer.concat(chunks)));
      stream.once('error', reject);
    });
  });
}

export async function zippedText(bytes: Buffer, maxBytes: number): Promise<ZippedText> {
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await open(bytes);
    const entries = await entriesOf(zip);
    if (!entries.length) return { ok: false, reason: 'empty' };
    if (entries.length > 1) return { ok: false, reason: 'several' };
    const entry = entries[0]!;
    if (entry.isEncrypted()) return { ok: false, reason: 'encrypted' };
    if (entry.uncompressedSize > maxBytes) return { ok: false, reason: 'tooLarge' };
    const inflated = await inflate(zip, entry, maxBytes);
    return inflated === 'tooLarge' ? { ok: false, reason: 'tooLarge' } : { ok: true, name: entry.fileName, bytes: inflated };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    zip?.close();
  }
}
