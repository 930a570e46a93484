// `node s3-put.mjs FILE KEY`: one file of a backup to the bucket BACKUP_S3_BUCKET (backup.sh),
// streamed from the disk in one PUT signed with AWS Signature V4, with node's own modules only: the
// backup image has node but no SDK (decision 313). Any S3-compatible server:
//   BACKUP_S3_ENDPOINT           e.g. https://s3.eu-central-1.amazonaws.com (unset: AWS in BACKUP_S3_REGION)
//   BACKUP_S3_REGION             default us-east-1
//   BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY
//   BACKUP_S3_FORCE_PATH_STYLE   true: https://endpoint/bucket/key (most self-hosted servers);
//                                otherwise https://bucket.endpoint/key
// One PUT carries at most 5 GB (S3's limit); the body is sent unsigned (UNSIGNED-PAYLOAD) over TLS.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';

const hmac = (key, text) => crypto.createHmac('sha256', key).update(text).digest();
const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');
// RFC 3986 as S3 wants it: every byte but the unreserved ones, and `/` kept in a key's path.
const encode = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The request for a PUT of `size` bytes at `key`: its URL and signed headers.
 * @param {{ bucket: string, key: string, size: number, region: string, endpoint?: string, accessKeyId: string, secretAccessKey: string, pathStyle: boolean, now?: Date }} request
 * @returns {{ url: URL, headers: Record<string, string> }}
 */
export function signedPut({ bucket, key, size, region, endpoint, accessKeyId, secretAccessKey, pathStyle, now = new Date() }) {
  const base = new URL(endpoint || `https://s3.${region}.amazonaws.com`);
  const path = `/${key.split('/').map(encode).join('/')}`;
  const url = pathStyle ? new URL(`${base.pathname.replace(/\/$/, '')}/${encode(bucket)}${path}`, base) : new URL(path, `${base.protocol}//${bucket}.${base.host}`);
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  /** @type {Record<string, string>} */
  const headers = { host: url.host, 'content-length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', 'x-amz-date': amzDate };
  const names = Object.keys(headers).sort();
  const canonical = ['PUT', url.pathname, '', ...names.map((name) => `${name}:${headers[name]}`), '', names.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key4 = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const signature = crypto.createHmac('sha256', key4).update(toSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  return { url, headers };
}

/**
 * Sends `file` to `key`; resolves when the server answered 2xx.
 * @param {string} file
 * @param {string} key
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<void>}
 */
export function put(file, key, env = process.env) {
  const size = fs.statSync(file).size;
  const { url, headers } = signedPut({
    bucket: env.BACKUP_S3_BUCKET ?? '',
    key,
    size,
    region: env.BACKUP_S3_REGION || 'us-east-1',
    endpoint: env.BACKUP_S3_ENDPOINT,
    accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY ?? '',
    pathStyle: env.BACKUP_S3_FORCE_PATH_STYLE === 'true',
  });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: 'PUT', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => (response.statusCode >= 200 && response.statusCode < 300 ? resolve() : reject(new Error(`PUT ${key}: ${response.statusCode} ${text.slice(0, 500)}`))));
    });
    request.on('error', reject);
    fs.createReadStream(file).on('error', reject).pipe(request);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, key] = process.argv.slice(2);
  if (!file || !key || !process.env.BACKUP_S3_BUCKET) {
    console.error('usage: BACKUP_S3_BUCKET=… node s3-put.mjs FILE KEY');
    process.exit(2);
  }
  put(file, key).then(
    () => console.error(`[backup] ${file} → s3://${process.env.BACKUP_S3_BUCKET}/${key}`),
    (error) => {
      console.error(`[backup] ${error.message}`);
      process.exit(1);
    },
  );
}
