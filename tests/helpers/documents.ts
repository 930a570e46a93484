import zlib from 'node:zlib';
import { simplePdf } from '../../server/seed/documents';

/** Test files for the document upload: real formats built in memory, and impostors. */

export const pdfFile = () => simplePdf(['Certificate of registration', 'Test Studio LLP']);

/**
 * A ZIP built in the test (stored or deflated entries, one disk, no data descriptors), as TRACES
 * gives its Form 26AS download. `encrypted` sets the entry's "encrypted" flag (general purpose
 * bit 0) as a password-protected ZIP does: readers refuse such an entry before its bytes.
 */
export function zipArchive(entries: Array<{ name: string; data: Buffer | string; encrypted?: boolean; deflate?: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const deflate = entry.deflate ?? true;
    const body = deflate ? zlib.deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const flags = (entry.encrypted ? 0x1 : 0) | 0x800;
    const crc = zlib.crc32(data);
    const common = (header: Buffer, at: number) => {
      header.writeUInt16LE(flags, at);
      header.writeUInt16LE(deflate ? 8 : 0, at + 2);
      header.writeUInt32LE(0, at + 4); // time and date
      header.writeUInt32LE(crc, at + 8);
      header.writeUInt32LE(body.length, at + 12);
      header.writeUInt32LE(data.length, at + 16);
      header.writeUInt16LE(name.length, at + 20);
      header.writeUInt16LE(0, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    common(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    common(central, 8);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip archive with stored (uncompressed) entries. */
export const zipFile = (entries: Array<[name: string, content: string]>): Buffer => zipArchive(entries.map(([name, data]) => ({ name, data, deflate: false })));

/** A minimal Word document (.docx): a zip with the content types and word/document.xml. */
export const docxFile = () =>
  zipFile([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'],
  ]);

/** An old Word document (.doc) header: an OLE compound file. */
export function docFile(): Buffer {
  const data = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(data);
  return data;
}

export const textFile = () => Buffer.from('This is plain text pretending to be a PDF.\n');
/** A PNG signature: an image is not a document. */
export const pngFile = () => Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
