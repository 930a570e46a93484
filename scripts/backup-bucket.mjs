// The bucket half of `npm run backup` (scripts/backup.sh): run by node INSIDE a running api
// container (`exec -i <api> node --input-type=module -e "$(cat this)" dump|restore`), where the
// api's S3 settings and its @aws-sdk/client-s3 are, whatever the bucket is (MinIO, AWS, another).
// `dump` writes a tar stream to stdout: bucket-types.json (each key's Content-Type, which the api
// serves public files with) then bucket/<key> for every object. `restore` reads such a stream
// (GNU or POSIX tar of those two) from stdin and puts every object back with its type.
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

const env = process.env;
const Bucket = env.S3_BUCKET;
if (env.STORAGE !== 's3' || !Bucket) {
  console.error('this api keeps its files on its disk (STORAGE is not s3): back up its DATA_DIR instead');
  process.exit(2);
}
const credentials = env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined;
const s3 = new S3Client({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION ?? 'us-east-1', forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true', credentials });

const BLOCK = 512;
const out = process.stdout;
const write = (chunk) => (out.write(chunk) ? Promise.resolve() : new Promise((resolve) => out.once('drain', resolve)));

/** One ustar header; a name past 100 bytes goes in a PAX record before it. */
function header(name, size, type = '0') {
  const block = Buffer.alloc(BLOCK);
  const field = (value, offset, length) => block.write(value, offset, length, 'utf8');
  const octal = (value, offset, length) => field(value.toString(8).padStart(length - 1, '0'), offset, length - 1);
  field(Buffer.byteLength(name) > 100 ? 'long-name' : name, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(Date.now() / 1000), 136, 12);
  field('        ', 148, 8);
  field(type, 156, 1);
  field('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return block;
}
const padding = (size) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function entry(name, size, body) {
  if (Buffer.byteLength(name) > 100) {
    let record = ` path=${name}\n`;
    let length = Buffer.byteLength(record);
    length += String(length + String(length).length).length;
    record = `${length}${record}`;
    const pax = Buffer.from(record);
    await write(Buffer.concat([header('pax', pax.length, 'x'), pax, padding(pax.length)]));
  }
  await write(header(name, size));
  for await (const chunk of body) await write(chunk);
  await write(padding(size));
}

async function* keys() {
  let ContinuationToken;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
    for (const object of page.Contents ?? []) yield object.Key;
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

async function dump() {
  const types = {};
  const all = [];
  for await (const key of keys()) all.push(key);
  for (const key of all) {
    const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
    types[key] = object.ContentType ?? 'application/octet-stream';
    await entry(`bucket/${key}`, Number(object.ContentLength), object.Body);
  }
  // The types come last in the stream (known only once every object is read); restore takes them first.
  const json = Buffer.from(JSON.stringify(types, null, 1));
  await entry('bucket-types.json', json.length, [json]);
  await write(Buffer.alloc(BLOCK * 2));
  console.error(`bucket ${Bucket}: ${all.length} objects`);
}

/** Reads a tar stream: yields { name, body } for each regular file (GNU long names and PAX paths too). */
async function* files(stream) {
  let buffer = Buffer.alloc(0);
  const chunks = stream[Symbol.asyncIterator]();
  const take = async (n) => {
    while (buffer.length < n) {
      const next = await chunks.next();
      if (next.done) throw new Error('the backup ends in the middle of a file');
      buffer = Buffer.concat([buffer, next.value]);
    }
    const part = buffer.subarray(0, n);
    buffer = buffer.subarray(n);
    return part;
  };
  let longName;
  for (;;) {
    const block = await take(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    const text = (offset, length) => block.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    const prefix = text(345, 155);
    const body = Buffer.from(await take(size + ((BLOCK - (size % BLOCK)) % BLOCK))).subarray(0, size);
    if (type === 'L') longName = body.toString('utf8').replace(/\0.*$/s, '');
    else if (type === 'x') longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? longName;
    else {
      const name = (longName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100))).replace(/^\.\//, '');
      longName = undefined;
      if (type === '0' || type === '7') yield { name, body };
    }
  }
}

async function restore() {
  let types = {};
  let count = 0;
  for await (const { name, body } of files(process.stdin)) {
    if (name === 'bucket-types.json') types = JSON.parse(body.toString('utf8'));
    else if (name.startsWith('bucket/')) {
      const Key = name.slice('bucket/'.length);
      await s3.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: types[Key] ?? 'application/octet-stream' }));
      count++;
    }
  }
  console.error(`bucket ${Bucket}: ${count} objects restored`);
}

const command = process.argv[1];
if (command === 'dump') await dump();
else if (command === 'restore') await restore();
else {
  console.error('usage: dump | restore');
  process.exit(2);
}
