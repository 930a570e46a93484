import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAliveAgent } from './keep-alive-agent.server';

/** A server that counts its connections, with the given idle timeout (announced as `Keep-Alive: timeout=N`). */
async function countingServer(keepAliveTimeout: number) {
  const server = http.createServer((_req, res) => res.end('ok'));
  server.keepAliveTimeout = keepAliveTimeout;
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, connections: () => connections };
}

function get(url: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (answer) => {
        let text = '';
        answer.on('data', (chunk) => (text += chunk));
        answer.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const opened: Array<{ server: http.Server; agent: http.Agent }> = [];
afterEach(() => {
  for (const { server, agent } of opened.splice(0)) {
    agent.destroy();
    server.close();
  }
});

/** A counting server with `keepAliveTimeout`, and a new agent that has made one call to it. */
async function afterOneCall(keepAliveTimeout: number) {
  const target = await countingServer(keepAliveTimeout);
  const agent = keepAliveAgent('http:');
  opened.push({ server: target.server, agent });
  expect(await get(target.url, agent)).toBe('ok');
  return { ...target, agent };
}

describe('keepAliveAgent', () => {
  it('reuses an idle connection within the server’s announced timeout', async () => {
    const target = await afterOneCall(10_000);
    await wait(300);
    expect(await get(target.url, target.agent)).toBe('ok');
    expect(target.connections()).toBe(1);
  });

  it('drops an idle connection a second before the server would close it, so no call is written to a closing socket', async () => {
    // timeout=2 announced: the agent drops its socket after 1 s (an agent without a timeout kept it).
    const target = await afterOneCall(2_000);
    await wait(1_300);
    expect(Object.values(target.agent.freeSockets).flat()).toHaveLength(0);
    expect(await get(target.url, target.agent)).toBe('ok');
    expect(target.connections()).toBe(2);
  });
});
