import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './instance';
import { answers, Supervisor } from './supervisor';

const node = process.execPath;

describe('Supervisor (npm start)', () => {
  it('starts a crashed process again, waiting longer after each quick failure', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor({ minDelayMs: 50, maxDelayMs: 400, stableAfterMs: 10_000, stdio: 'ignore', log: (l) => lines.push(l) });
    expect([1, 2, 3, 4, 5].map((n) => supervisor.delayFor(n))).toEqual([50, 100, 200, 400, 400]);
    supervisor.start({ name: 'api', command: node, args: ['-e', 'process.exit(3)'] });
    // Waits for the restarts themselves, however slow the machine is, not for a fixed time.
    const restarts = () => lines.filter((l) => l.includes('starting it again'));
    await expect.poll(() => restarts().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    await supervisor.stop();
    expect(restarts().slice(0, 3)).toEqual([expect.stringContaining('in 50 ms'), expect.stringContaining('in 100 ms'), expect.stringContaining('in 200 ms')]);
  });

  it('starts a killed process again and stops everything on request', async () => {
    const supervisor = new Supervisor({ minDelayMs: 50, stdio: 'ignore', log: () => undefined });
    supervisor.start({ name: 'web', command: node, args: ['-e', 'setInterval(() => {}, 1000)'] });
    const first = supervisor.pid('web')!;
    process.kill(first, 'SIGKILL');
    await expect.poll(() => supervisor.pid('web'), { timeout: 60_000 }).not.toBe(first);
    await expect.poll(() => supervisor.pid('web'), { timeout: 60_000 }).toBeDefined();
    const second = supervisor.pid('web');
    await supervisor.stop();
    expect(supervisor.pid('web')).toBeUndefined();
    expect(() => process.kill(second!, 0)).toThrow();
  });

  it('kills a process that ignores SIGTERM after the stop timeout', async () => {
    const supervisor = new Supervisor({ stopTimeoutMs: 200, stdio: 'ignore', log: () => undefined });
    const port = await freePort();
    const script = `process.on('SIGTERM', () => {}); require('http').createServer((q, r) => r.end()).listen(${port}, '127.0.0.1')`;
    supervisor.start({ name: 'stubborn', command: node, args: ['-e', script], healthUrl: `http://127.0.0.1:${port}/` });
    // Its SIGTERM handler is in place once it answers.
    await supervisor.ready('stubborn', 60_000);
    const pid = supervisor.pid('stubborn')!;
    await supervisor.stop();
    expect(() => process.kill(pid, 0)).toThrow();
  });

  /** Where a test process listens: a port, or a socket in a folder of the test's own (the web's renderer behind its gate, docs/decisions/429). */
  const transports = {
    port: async () => {
      const port = await freePort();
      return { listen: String(port) + ", '127.0.0.1'", healthUrl: `http://127.0.0.1:${port}/`, healthSocket: undefined };
    },
    socket: async () => {
      const socket = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'supervisor-')), 'health.sock');
      return { listen: JSON.stringify(socket), healthUrl: 'http://renderer/healthz', healthSocket: socket };
    },
  };

  it.each(Object.keys(transports) as Array<keyof typeof transports>)('kills and starts again a process that stays alive but stops answering its health address (on a %s)', async (transport) => {
    const lines: string[] = [];
    const supervisor = new Supervisor({ minDelayMs: 50, healthIntervalMs: 100, healthTimeoutMs: 200, healthMisses: 3, stdio: 'ignore', log: (l) => lines.push(l) });
    const { listen, healthUrl, healthSocket } = await transports[transport]();
    // Answers its health address once, then hangs: its event loop blocked for good, as a deadlocked process looks from outside.
    const script = `try { require('fs').rmSync(${healthSocket ? JSON.stringify(healthSocket) : "''"}, { force: true }) } catch {} require('http').createServer((q, r) => { r.end('ok'); setTimeout(() => { for (;;) {} }, 50); }).listen(${listen})`;
    supervisor.start({ name: 'api', command: node, args: ['-e', script], healthUrl, healthSocket });
    await supervisor.ready('api', 60_000);
    const first = supervisor.pid('api')!;
    await expect.poll(() => supervisor.pid('api'), { timeout: 60_000 }).not.toBe(first);
    await expect.poll(() => supervisor.pid('api'), { timeout: 60_000 }).toBeDefined();
    await supervisor.stop();
    expect(lines).toContainEqual(expect.stringContaining('did not answer'));
    expect(() => process.kill(first, 0)).toThrow();
    if (healthSocket) fs.rmSync(path.dirname(healthSocket), { recursive: true, force: true });
  });

  it('asks health addresses on ports that fetch refuses (6000 is one)', async () => {
    // fetch's "bad port" list made `npm start` on PORT=6000 stop itself after its start timeout.
    await expect(fetch('http://127.0.0.1:6000/').catch((e: Error) => String(e.cause ?? e))).resolves.toMatch(/bad port/i);
    const server = net.createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok'));
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(6000, '127.0.0.1', () => resolve(true));
    });
    try {
      // Another program may hold 6000 on a busy machine: then at least the refusal above is shown.
      if (listening) expect(await answers('http://127.0.0.1:6000/', 5000)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('gives its children an IPC channel, so they can stop when the supervisor is gone', async () => {
    const supervisor = new Supervisor({ stdio: 'ignore', log: () => undefined });
    const port = await freePort();
    supervisor.start({
      name: 'web',
      command: node,
      args: ['-e', `require('http').createServer((q, r) => r.end(String(typeof process.send))).listen(${port}, '127.0.0.1')`],
      healthUrl: `http://127.0.0.1:${port}/`,
    });
    await supervisor.ready('web', 60_000);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('function');
    await supervisor.stop();
  });
});
