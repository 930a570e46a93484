import { describe, expect, it } from 'vitest';
import { HttpError, unauthorized } from '../../errors';
import { accountDelayMs, AttemptLimiter, type LimitSettings } from './attempt-limiter';
import { MemoryCounterStore, type CounterStore } from './counter-store';

const SETTINGS: LimitSettings = { max: 3, addressMax: 5, windowMs: 60_000, maxDelayMs: 8_000 };

function setup(settings: Partial<LimitSettings> = {}, store: CounterStore = new MemoryCounterStore()) {
  const clock = { now: 1_000_000 };
  const limiter = new AttemptLimiter(store, { ...SETTINGS, ...settings }, () => clock.now);
  /** One sign-in: `ok` decides whether the password was right; the status it ends with (429 when refused first). */
  const signIn = async (account: string, address: string, ok = false) => {
    try {
      await limiter.run('login', { account, address }, async () => {
        if (!ok) throw unauthorized('Invalid email or password');
        return 'token';
      });
      return { status: 200 };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.statusCode, retryAfter: Number(error.headers?.['retry-after'] ?? 0), message: error.message };
    }
  };
  return { clock, limiter, signIn, store };
}

describe('accountDelayMs', () => {
  it('is 0 for the first 3 consecutive failures, then doubles from 1 s up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 40].map((n) => accountDelayMs(n, 8_000))).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(accountDelayMs(10, 0)).toBe(0);
  });
});

describe('AttemptLimiter', () => {
  it('counts failures, not successes: any number of right passwords never uses up the allowance', async () => {
    const { signIn } = setup();
    for (let i = 0; i < 20; i++) expect((await signIn('ada@x.test', '198.51.100.1', true)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn('ada@x.test', '198.51.100.1')).status).toBe(401);
  });

  it('refuses an (account, address) after max failures until its window ends, with Retry-After; other addresses are not affected', async () => {
    const { signIn, clock } = setup({ maxDelayMs: 0 });
    for (let i = 0; i < 3; i++) expect((await signIn('ada@x.test', '198.51.100.1')).status).toBe(401);
    const refused = await signIn('ada@x.test', '198.51.100.1', true);
    expect(refused).toEqual({ status: 429, retryAfter: 60, message: 'Too many attempts. Please wait a few minutes and try again.' });
    // The right password from another address signs in at once.
    expect((await signIn('ada@x.test', '198.51.100.2', true)).status).toBe(200);
    clock.now += 60_000;
    expect((await signIn('ada@x.test', '198.51.100.1', true)).status).toBe(200);
  });

  it('refuses an address after addressMax failures over several accounts', async () => {
    const { signIn } = setup({ maxDelayMs: 0 });
    for (let i = 0; i < 5; i++) expect((await signIn(`user${i}@x.test`, '198.51.100.9')).status).toBe(401);
    expect((await signIn('fresh@x.test', '198.51.100.9', true)).status).toBe(429);
    expect((await signIn('fresh@x.test', '198.51.100.10', true)).status).toBe(200);
  });

  it('makes an address that failed for an account wait a delay growing with the account’s consecutive failures, never a new address', async () => {
    const { signIn, clock } = setup();
    // Strangers fail 6 times for the account from 6 addresses (no address reaches its own limits).
    for (let i = 0; i < 6; i++) expect((await signIn('root@x.test', `203.0.113.${i}`)).status).toBe(401);
    // 6 consecutive failures: an address that failed waits 4 s after its last failure.
    const early = await signIn('root@x.test', '203.0.113.5');
    expect(early).toMatchObject({ status: 429, retryAfter: 4, message: 'Too many attempts for this account. Please wait 4 seconds and try again.' });
    clock.now += 4_000;
    expect((await signIn('root@x.test', '203.0.113.5')).status).toBe(401);
    // 7 failures now: 8 s (the cap).
    clock.now += 1_000;
    expect(await signIn('root@x.test', '203.0.113.5')).toMatchObject({ status: 429, retryAfter: 7 });
    // The owner, from an address that has not failed, signs in at once with the right password…
    expect((await signIn('root@x.test', '192.0.2.77', true)).status).toBe(200);
    // …which ends the run of consecutive failures: no one waits any more.
    expect((await signIn('root@x.test', '203.0.113.5')).status).toBe(401);
  });

  it('lets no more than max of simultaneous attempts through, whatever their number', async () => {
    const { limiter } = setup({ maxDelayMs: 0 });
    let ran = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        limiter.run('login', { account: 'ada@x.test', address: '198.51.100.1' }, async () => {
          ran += 1;
          await new Promise((r) => setTimeout(r, 5));
          throw unauthorized();
        }),
      ),
    );
    expect(ran).toBe(3);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as HttpError).statusCode === 429)).toHaveLength(17);
  });

  it('never holds back an attempt that owes no delay, even when a parallel one stamped the pair a moment later', async () => {
    const { signIn, clock } = setup({ maxDelayMs: 0 });
    expect((await signIn('ada@x.test', '198.51.100.1')).status).toBe(401);
    // A parallel attempt settled with a clock read after this one's: its stamp lies in this one's future.
    clock.now -= 5;
    expect((await signIn('ada@x.test', '198.51.100.1')).status).toBe(401);
  });

  it("counts every attempt of an 'every' action, per address with max when it names no account", async () => {
    const { limiter } = setup();
    const signUp = () => limiter.run('signup', { address: '198.51.100.3' }, async () => 'created', 'every');
    for (let i = 0; i < 3; i++) await expect(signUp()).resolves.toBe('created');
    await expect(signUp()).rejects.toMatchObject({ statusCode: 429 });
    await expect(limiter.run('signup', { address: '198.51.100.4' }, async () => 'created', 'every')).resolves.toBe('created');
  });

  it('gives the reservation back when the work fails on the server’s side (not a refusal)', async () => {
    const { limiter, signIn } = setup({ maxDelayMs: 0 });
    for (let i = 0; i < 5; i++) {
      await expect(
        limiter.run('login', { account: 'ada@x.test', address: '198.51.100.1' }, async () => {
          throw new Error('database down');
        }),
      ).rejects.toThrow('database down');
    }
    expect((await signIn('ada@x.test', '198.51.100.1', true)).status).toBe(200);
  });

  it('answers 503 when the counter store fails, without running the work', async () => {
    const broken = new MemoryCounterStore();
    broken.hit = async () => {
      throw new Error('redis away');
    };
    const { limiter } = setup({}, broken);
    let ran = false;
    await expect(
      limiter.run('login', { account: 'a@x.test', address: '198.51.100.1' }, async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ statusCode: 503 });
    expect(ran).toBe(false);
  });

  it('counts an account whatever the case of its email', async () => {
    const { signIn } = setup({ maxDelayMs: 0 });
    for (const email of ['Ada@X.test', 'ADA@x.test', 'ada@x.test']) expect((await signIn(email, '198.51.100.1')).status).toBe(401);
    expect((await signIn('aDa@x.TEST', '198.51.100.1')).status).toBe(429);
  });
});
