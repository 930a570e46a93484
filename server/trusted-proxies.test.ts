import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../tests/helpers/test-api';
import { loadConfig } from './config';
import { parseTrustedProxies } from './trusted-proxies';

describe('TRUST_PROXY', () => {
  const trusted = (value?: string) => loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;

  it('defaults to loopback (where the web runs in the embedded default); empty means the default', () => {
    expect(trusted()).toEqual(['loopback']);
    expect(trusted('')).toEqual(['loopback']);
  });

  it('takes addresses, CIDR ranges and named ranges, comma-separated; none trusts nobody', () => {
    expect(trusted('loopback, 10.0.0.0/8,192.168.1.7 , fd00::/8, ::1, UniqueLocal')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
    expect(trusted('none')).toEqual([]);
    expect(trusted('false')).toEqual([]);
  });

  it.each(['true', '1', 'proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', ',', 'everyone'])('refuses %j with a message', (value) => {
    expect(() => trusted(value)).toThrow(/TRUST_PROXY/);
    expect(typeof parseTrustedProxies(value)).toBe('string');
  });
});

/**
 * The address the limits count is the socket's, unless the socket is a trusted proxy: then the
 * nearest untrusted address of its X-Forwarded-For. Seen here through the per-(account, address)
 * limit of 2 failures: a forged header that counted would spread the failures over many addresses.
 */
describe('X-Forwarded-For is believed only from trusted peers', () => {
  const apis: TestApi[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const api = await createTestApi({ RATE_LIMIT_MAX: '2', ...env });
    apis.push(api);
    return api;
  };
  afterAll(async () => {
    for (const api of apis) await api.close();
  });

  let seq = 0;
  /** Three failed logins of one account from `peer`, each with another forged header; the status of a fourth. */
  async function fourthFrom(api: TestApi, peer: string) {
    const email = `xff${++seq}@example.test`;
    for (let i = 1; i <= 3; i++) {
      await api.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: peer,
        headers: { 'x-forwarded-for': `203.0.113.${seq * 10 + i}` },
      });
    }
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress: peer,
      headers: { 'x-forwarded-for': `203.0.113.${seq * 10 + 4}` },
    });
    return res.statusCode;
  }

  let byDefault: TestApi;
  beforeAll(async () => {
    byDefault = await start();
  });

  it('by default the web on loopback is believed, so each visitor is counted apart', async () => {
    expect(await fourthFrom(byDefault, '127.0.0.1')).toBe(401);
    expect(await fourthFrom(byDefault, '::1')).toBe(401);
  });

  it.each(['192.168.1.50', '10.1.2.3', '172.17.0.9', '203.0.113.200', 'fd12::5'])(
    'a forged header from an untrusted peer (%s) is ignored: the peer itself is counted',
    async (peer) => {
      expect(await fourthFrom(byDefault, peer)).toBe(429);
    },
  );

  it('a configured proxy range is believed, and loopback is no longer', async () => {
    const behindProxy = await start({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await fourthFrom(behindProxy, '10.1.2.3')).toBe(401);
    expect(await fourthFrom(behindProxy, '127.0.0.1')).toBe(429);
  });

  it('with none, no header is believed', async () => {
    const direct = await start({ TRUST_PROXY: 'none' });
    expect(await fourthFrom(direct, '127.0.0.1')).toBe(429);
  });
});
