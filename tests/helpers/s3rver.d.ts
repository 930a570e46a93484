/** The part of s3rver (a fake S3 server for tests; it ships no types) that the test helpers use. */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; resetOnClose?: boolean; configureBuckets?: Array<{ name: string }> });
    httpServer: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
