import { describe, expect, it } from 'vitest';
import { Supervisor } from './supervisor';

const node = process.execPath;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Supervisor (npm start)', () => {
  it('starts a crashed process again, waiting longer after each quick failure', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor({ minDelayMs: 50, maxDelayMs: 400, stableAfterMs: 10_000, stdio: 'ignore', log: (l) => lines.push(l) });
    expect([1, 2, 3, 4, 5].map((n) => supervisor.delayFor(n))).toEqual([50, 100, 200, 400, 400]);
    supervisor.start({ name: 'api', command: node, args: ['-e', 'process.exit(3)'] });
    await wait(3000);
    await supervisor.stop();
    const restarts = lines.filter((l) => l.includes('starting it again'));
    expect(restarts.length).toBeGreaterThanOrEqual(3);
    expect(restarts.slice(0, 3)).toEqual([expect.stringContaining('in 50 ms'), expect.stringContaining('in 100 ms'), expect.stringContaining('in 200 ms')]);
  });

  it('starts a killed process again and stops everything on request', async () => {
    const supervisor = new Supervisor({ minDelayMs: 50, stdio: 'ignore', log: () => undefined });
    supervisor.start({ name: 'web', command: node, args: ['-e', 'setInterval(() => {}, 1000)'] });
    await wait(200);
    const first = supervisor.pid('web')!;
    process.kill(first, 'SIGKILL');
    await wait(400);
    const second = supervisor.pid('web');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    await supervisor.stop();
    expect(supervisor.pid('web')).toBeUndefined();
    expect(() => process.kill(second!, 0)).toThrow();
  });

  it('kills a process that ignores SIGTERM after the stop timeout', async () => {
    const supervisor = new Supervisor({ stopTimeoutMs: 200, stdio: 'ignore', log: () => undefined });
    supervisor.start({ name: 'stubborn', command: node, args: ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"] });
    await wait(300);
    const pid = supervisor.pid('stubborn')!;
    const started = Date.now();
    await supervisor.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
