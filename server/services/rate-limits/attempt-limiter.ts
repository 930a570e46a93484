import crypto from 'node:crypto';
import { HttpError, serviceUnavailable, tooManyRequests } from '../../errors.js';
import type { CounterStore } from './counter-store.js';

export type LimitSettings = {
  /** Counted attempts of one account from one address per window; for an action without account, of one address. */
  max: number;
  /** Counted attempts from one address per window, whatever the account. */
  addressMax: number;
  windowMs: number;
  /** The cap of an account's growing delay; 0 turns the delay off. */
  maxDelayMs: number;
};

/** Who makes an attempt: the visitor's address and, for sign-ins and codes, the account it names. */
export type Attempter = { address: string; account?: string };

/**
 * What counts: 'failures' (a sign-in: only refused attempts use up the allowance), or 'every'
 * attempt (a sign-up creates an account, a forgot-password request sends a mail).
 */
export type Counting = 'failures' | 'every';

/** Consecutive failures of an account that answer at once; after them the delay starts at BASE_DELAY_MS and doubles. */
export const FREE_FAILURES = 3;
export const BASE_DELAY_MS = 1000;

export const ACCOUNT_DELAY_MESSAGE = (seconds: number) =>
  `Too many attempts for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

/** The wait an account's consecutive failures impose on an address that has failed for it. */
export function accountDelayMs(failures: number, maxDelayMs: number): number {
  if (failures <= FREE_FAILURES || maxDelayMs <= 0) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES - 1, 30), maxDelayMs);
}

/** An error the attempt's own answer is (wrong password, bad code): a failure that counts. */
const isRefusal = (error: unknown) => error instanceof HttpError && (error.statusCode === 400 || error.statusCode === 401);

/** A counter key: the action, what is counted, and a hash of who (no email is stored in clear, length is bounded). */
function counterKey(action: string, kind: 'address' | 'pair' | 'account', value: string) {
  return `${action}:${kind}:${crypto.createHash('sha256').update(value).digest('hex').slice(0, 32)}`;
}

/**
 * The rate limits of sign-in, sign-up and code actions (docs/decisions/004-rate-limits.md):
 * - per address and per (account, address): a fixed number of counted attempts per window, then
 *   429 until the window ends. Attempts are reserved before the work runs, so parallel requests
 *   cannot slip past the limit together; an attempt that turns out not to count gives its
 *   reservation back.
 * - per account: no limit, only a delay that grows with its consecutive failures (from any
 *   address) and applies to an address that has itself failed for the account. An address that
 *   has not is never held back, so no stranger can lock an account: its owner, or the
 *   super-admin, signs in from a new address with the right password at once.
 */
export class AttemptLimiter {
  constructor(
    readonly store: CounterStore,
    private readonly settings: LimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async run<T>(action: string, who: Attempter, work: () => Promise<T>, counting: Counting = 'failures'): Promise<T> {
    const address = counterKey(action, 'address', who.address);
    const account = who.account === undefined ? null : who.account.trim().toLowerCase();
    const pair = account === null ? null : counterKey(action, 'pair', `${account}\u0000${who.address}`);
    const accountKey = account === null ? null : counterKey(action, 'account', account);
    const reserved = pair ? [address, pair] : [address];

    if (pair && accountKey) await this.waitForAccount(pair, accountKey);
    const [perAddress, perPair] = await this.guard(() => this.store.hit(reserved, this.settings.windowMs, this.now()));
    const addressMax = pair ? this.settings.addressMax : this.settings.max;
    const now = this.now();
    if (perAddress!.count > addressMax) throw tooManyRequests(perAddress!.windowEndsAt - now);
    if (perPair && perPair.count > this.settings.max) throw tooManyRequests(perPair.windowEndsAt - now);

    let result: T;
    try {
      result = await work();
    } catch (error) {
      // The work's own answer stands; the counting after it is best effort.
      await this.settle(counting === 'every' || isRefusal(error) ? 'count' : 'release', reserved, accountKey).catch(() => {});
      throw error;
    }
    await this.settle(counting === 'every' ? 'count' : 'success', reserved, accountKey).catch(() => {});
    return result;
  }

  /** 429 while the account's delay since this address's last counted attempt for it runs. */
  private async waitForAccount(pair: string, accountKey: string) {
    const now = this.now();
    const [last, failures] = await this.guard(() => this.store.read([pair, accountKey], now));
    if (!last || !failures) return;
    // No delay owed means no wait, even when a parallel attempt stamped the pair a moment after `now`.
    const delay = accountDelayMs(failures.count, this.settings.maxDelayMs);
    if (delay === 0) return;
    const wait = last.lastAt + delay - now;
    if (wait > 0) throw tooManyRequests(wait, ACCOUNT_DELAY_MESSAGE(Math.ceil(wait / 1000)));
  }

  /**
   * After the work: 'count' keeps the reservation and adds a failure to the account; 'success'
   * gives the address its reservation back and forgets the pair's and the account's failures;
   * 'release' (the work failed on our side) gives the reservations back.
   */
  private async settle(outcome: 'count' | 'success' | 'release', reserved: string[], accountKey: string | null) {
    const now = this.now();
    if (outcome === 'count') {
      if (accountKey) await this.store.hit([accountKey], this.settings.windowMs, now);
    } else if (outcome === 'release') {
      await this.store.release(reserved, now);
    } else {
      await this.store.release([reserved[0]!], now);
      if (reserved.length > 1) await this.store.clear([...reserved.slice(1), accountKey!]);
    }
  }

  /** A store that does not answer makes the attempt wait for it (503), never skips the limits. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw Object.assign(serviceUnavailable(), { cause: error });
    }
  }

  close() {
    return this.store.close();
  }
}
