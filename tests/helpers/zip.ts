import zlib from 'node:zlib';

/**
 * A ZIP built in the test (stored or deflated entries, one disk, no data descriptors), as TRACES
 * gives its Form 26AS download. `encrypted` sets the entry's "encrypted" flag (general purpose
 * bit 0) as a password-protected ZIP does: readers refuse such an entry before its bytes.
 */
export function makeZip(entries: Array<{ name: string; data: Buffer | string; encrypted?: boolean; deflate?: boolean }>): Buffer {
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
