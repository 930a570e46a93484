import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { TestApi } from './test-api';

/** The api's loopback port, listening once (for the tests that need a real socket: partial bodies, abandoned uploads). */
export async function listenOnLoopback(api: TestApi): Promise<number> {
  if (!api.app.server.listening) await api.app.listen({ host: '127.0.0.1', port: 0 });
  return (api.app.server.address() as AddressInfo).port;
}

export const BOUNDARY = 'ArchivistaTestBoundary';

/** The head of a file part of a multipart body (its bytes follow). */
export const filePartHead = (field: string, filename: string, type = 'application/octet-stream', first = true) =>
  `${first ? '' : '\r\n'}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
export const closingBoundary = `\r\n--${BOUNDARY}--\r\n`;
export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/**
 * A multipart POST over a real socket whose body the test writes bit by bit: to show an answer
 * arriving before the body ends, or a client going away in the middle of a file.
 */
export function openUpload(port: number, url: string, token: string) {
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: url, headers: { authorization: `Bearer ${token}`, ...multipartHeaders } });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    request.on('error', reject);
  });
  // A test that abandons the request on purpose does not want its socket error.
  response.catch(() => {});
  /** Settles when the connection is gone (closed by either side). */
  const closed = new Promise<never>((_resolve, reject) => request.on('close', () => reject(new Error('the connection is closed'))));
  closed.catch(() => {});
  return {
    /** Resolves once written; rejects when the server has closed the connection. */
    write: (data: string | Buffer) =>
      Promise.race([new Promise<void>((resolve, reject) => request.write(data, (error) => (error ? reject(error) : resolve()))), closed]),
    end: (data?: string | Buffer) => new Promise<void>((resolve) => request.end(data ?? '', () => resolve())),
    /** The client goes away mid-request. */
    abandon: () => request.destroy(),
    response,
  };
}

/** A multipart body for app.inject that stops (no closing boundary) after `cutAfter` bytes of the last file. */
export function cutOffBody(files: Array<{ field: string; filename: string; data: Buffer }>, cutAfter: number) {
  const chunks: Buffer[] = [];
  files.forEach((file, i) => {
    chunks.push(Buffer.from(filePartHead(file.field, file.filename, 'image/jpeg', i === 0)));
    chunks.push(i === files.length - 1 ? file.data.subarray(0, cutAfter) : file.data);
  });
  const stream = new Readable({ read() {} });
  stream.push(Buffer.concat(chunks));
  // The end arrives a moment later, as from a socket.
  setTimeout(() => stream.push(null), 20);
  return stream;
}
