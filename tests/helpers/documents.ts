import { simplePdf } from '../../server/seed/documents';

/** Test files for the document upload: real formats built in memory, and impostors. */

export const pdfFile = () => simplePdf(['Certificate of registration', 'Test Studio LLP']);

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip archive with stored (uncompressed) entries. */
export function zipFile(entries: Array<[name: string, content: string]>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    /** The fields both headers share, from `at`: CRC-32, compressed and uncompressed size (stored: equal), name length. */
    const describe = (header: Buffer, at: number) => {
      header.writeUInt32LE(crc, at);
      header.writeUInt32LE(data.length, at + 4);
      header.writeUInt32LE(data.length, at + 8);
      header.writeUInt16LE(fileName.length, at + 12);
      return header;
    };
    const local = describe(Buffer.alloc(30), 14);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    locals.push(local, fileName, data);
    const entry = describe(Buffer.alloc(46), 16);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

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
