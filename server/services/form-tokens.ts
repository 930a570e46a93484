import crypto from 'node:crypto';
import type { Database } from '../db/connection.js';
import { platformSecret } from '../queries/platform-secrets.js';
import type { CounterStore } from './rate-limits/counter-store.js';
import { safeEqual } from './tokens.js';

/**
 * Enquiry form tokens (docs/decisions/240): issued with the page that shows the
 * form, signed with a secret of the api (shared by the replicas through the database), bound to
 * the firm, good from `minAgeMs` after issue (a person reads the form; a script posting at once is
 * refused) until `maxAgeMs`, and taken once: the first use is recorded in the shared rate-limit
 * store, so a second use is refused on any replica.
 *
 * A token: `<firmId>.<issued at, ms, base 36>.<nonce>.<HMAC-SHA256 of the three>`.
 */

export type FormTokenProblem = 'missing' | 'invalid' | 'expired' | 'tooFresh' | 'used';

export class FormTokenError extends Error {
  constructor(
    readonly problem: FormTokenProblem,
    /** For 'tooFresh': how long until it may be used. */
    readonly waitMs = 0,
  ) {
    super(problem);
  }
}

const SECRET_NAME = 'enquiry-form-token';

export class FormTokens {
  private secret: Promise<string> | null = null;

  constructor(
    private readonly db: Database,
    private readonly store: CounterStore,
    private readonly options: { minAgeMs: number; maxAgeMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  private key() {
    this.secret ??= platformSecret(this.db, SECRET_NAME).catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  /** Loads the secret now, when the routes register, never later inside a transaction (docs/decisions/302). */
  async ready(): Promise<this> {
    await this.key();
    return this;
  }

  private async sign(payload: string) {
    return crypto.createHmac('sha256', await this.key()).update(payload).digest('base64url');
  }

  async issue(firmId: string): Promise<string> {
    const payload = `${firmId}.${this.now().toString(36)}.${crypto.randomBytes(12).toString('base64url')}`;
    return `${payload}.${await this.sign(payload)}`;
  }

  /** Throws a FormTokenError unless `token` is this firm's, signed, old enough and not expired. Does not use it up. */
  async check(token: string | null | undefined, firmId: string): Promise<{ nonce: string }> {
    if (!token) throw new FormTokenError('missing');
    const parts = token.split('.');
    if (parts.length !== 4 || token.length > 200) throw new FormTokenError('invalid');
    const [tokenFirm, issued, nonce, signature] = parts as [string, string, string, string];
    if (!safeEqual(signature, await this.sign(`${tokenFirm}.${issued}.${nonce}`)) || tokenFirm !== firmId) throw new FormTokenError('invalid');
    const age = this.now() - parseInt(issued, 36);
    if (!Number.isFinite(age) || age > this.options.maxAgeMs) throw new FormTokenError('expired');
    if (age < this.options.minAgeMs) throw new FormTokenError('tooFresh', this.options.minAgeMs - age);
    return { nonce };
  }

  /** Uses the token up: throws 'used' when it was used before (on any replica). */
  async use(nonce: string) {
    const [counter] = await this.store.hit([`form-token:${nonce}`], this.options.maxAgeMs, this.now());
    if (counter!.count > 1) throw new FormTokenError('used');
  }
}
