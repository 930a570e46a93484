import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { drainable } from './http-drain.js';

describe('a draining server (docs/decisions/380)', () => {
  const server = http.createServer((_req, res) => res.end('ok'));
  const drain = drainable(server);
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = async (agent: http.Agent) => {
    const { port } = server.address() as AddressInfo;
    return new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ port, host: '127.0.0.1', agent }, (res) => res.resume().on('end', () => resolve(res))).on('error', reject);
    });
  };

  it('keeps connections alive until the drain, then serves on, each answer closing its connection, for the drain’s time', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new http.Agent({ keepAlive: true });
    const before = await get(agent);
    expect(before.headers.connection).toBe('keep-alive');
    const t0 = Date.now();
    const drained = drain.drain(300);
    expect(drain.draining).toBe(true);
    const during = await get(agent);
    expect(during.statusCode).toBe(200);
    expect(during.headers.connection).toBe('close');
    await drained;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    agent.destroy();
  });
});
