import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3Server = Awaited<ReturnType<typeof startS3Server>>;

/**
 * An S3-compatible server on a loopback port (s3rver, files in a temporary folder), for the
 * storage contract and the api on `STORAGE=s3`. No network beyond 127.0.0.1. s3rver accepts any
 * credentials; the api still signs its requests as it would for a real bucket.
 */
export async function startS3Server() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The api's environment for this server and `bucket` (created by the api when missing). */
    env(bucket: string): Record<string, string> {
      return {
        STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
    },
    async close() {
      // The SDK keeps its connections alive; close() alone would wait for them.
      server.httpServer.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
