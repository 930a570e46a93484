import { FIRM_MAIL_MAX_RECIPIENTS, FIRM_MAIL_MESSAGES as M } from '../contract/firm-mail-rules.js';
import { VERIFY } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { badRequest, forbidden, HttpError, serviceUnavailable, tooManyRequests } from '../errors.js';
import { recordAudit } from '../queries/audit.js';
import { firmOwnAddresses, firmVerifyState } from '../queries/firm-mail.js';
import type { Mail, Mailer } from './mail.js';
import type { CounterStore } from './rate-limits/counter-store.js';

/**
 * Every mail sent on a firm's behalf goes through here (docs/decisions/235):
 * the demand box's New Message, employee welcome mails, task and Group Chat mails.
 * - A firm that is not approved (isVerify ≠ 2) sends nothing to an address outside its own
 *   accounts (the firm account and its confirmed, active employees): 403.
 * - Mails to outside addresses count against the firm's allowance per hour and per day, in the
 *   shared rate-limit store (PostgreSQL or Redis), so every replica counts the same: 429 past it.
 *   A mail counts once, whatever its recipients (at most FIRM_MAIL_MAX_RECIPIENTS).
 * - Every mail sent is written to the audit log (`mail.sent`).
 */

export type FirmMailSender = {
  firmId: string;
  /** The account that caused the mail (null for none). */
  actorId: string | null;
  /** What the mail is, for the audit log: 'lead-message', 'employee-welcome', 'task', 'chat'. */
  kind: string;
  target?: { type: string; id: string };
};

export type FirmMailSettings = { perHour: number; perDay: number };

/** A mail the firm may send: send it, or give its place in the allowance back. */
export type FirmMailGrant = {
  send(mail: Mail): Promise<void>;
  cancel(): Promise<void>;
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const recipientsOf = (mail: Pick<Mail, 'to' | 'cc' | 'bcc'>) =>
  [...new Set([...(Array.isArray(mail.to) ? mail.to : [mail.to]), ...(mail.cc ?? []), ...(mail.bcc ?? [])].map((a) => a.trim().toLowerCase()))];

export class FirmMail {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly store: CounterStore,
    private readonly settings: FirmMailSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks and counts a mail to `recipients` before the work that leads to it (403, 429, 400), without sending. */
  async reserve(sender: FirmMailSender, recipients: string[]): Promise<FirmMailGrant> {
    const addresses = [...new Set(recipients.map((a) => a.trim().toLowerCase()))];
    if (addresses.length > FIRM_MAIL_MAX_RECIPIENTS) throw badRequest(M.tooManyRecipients(FIRM_MAIL_MAX_RECIPIENTS));
    const own = await firmOwnAddresses(this.db, sender.firmId, addresses);
    const outside = addresses.filter((a) => !own.has(a));
    const keys = outside.length ? await this.count(sender) : [];
    let settled = false;
    return {
      send: async (mail) => {
        const sent = recipientsOf(mail);
        if (sent.some((a) => !addresses.includes(a))) throw new Error('A firm mail went to an address it was not reserved for');
        settled = true;
        try {
          await this.mailer.send(mail);
        } catch (error) {
          await this.release(keys);
          throw error;
        }
        await recordAudit(this.db, {
          actorId: sender.actorId,
          firmId: sender.firmId,
          action: 'mail.sent',
          targetType: sender.target?.type ?? null,
          targetId: sender.target?.id ?? null,
          details: { kind: sender.kind, to: mail.to, cc: mail.cc ?? [], bcc: mail.bcc ?? [], subject: mail.subject, outside: outside.length },
        });
      },
      cancel: async () => {
        if (settled) return;
        settled = true;
        await this.release(keys);
      },
    };
  }

  /** Checks, counts, sends and audits one mail. */
  async send(sender: FirmMailSender, mail: Mail): Promise<void> {
    const grant = await this.reserve(sender, recipientsOf(mail));
    await grant.send(mail);
  }

  /**
   * `send` for a mail that follows work already done (task and chat mails, after the answer): a
   * mail the rules refuse is left out (false), the others still go.
   */
  async sendIfAllowed(sender: FirmMailSender, mail: Mail): Promise<boolean> {
    try {
      await this.send(sender, mail);
      return true;
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 429)) return false;
      throw error;
    }
  }

  /** Refuses an unapproved firm, then takes one mail of the firm's hour and day (both given back when either is used up). */
  private async count(sender: FirmMailSender): Promise<string[]> {
    if ((await firmVerifyState(this.db, sender.firmId)) !== VERIFY.approved) throw forbidden(M.unverified);
    const hourKey = `firm-mail:hour:${sender.firmId}`;
    const dayKey = `firm-mail:day:${sender.firmId}`;
    const now = this.now();
    const [hour, day] = await this.guard(async () => [...(await this.store.hit([hourKey], HOUR_MS, now)), ...(await this.store.hit([dayKey], DAY_MS, now))]);
    if (day!.count > this.settings.perDay || hour!.count > this.settings.perHour) {
      await this.release([hourKey, dayKey]);
      if (day!.count > this.settings.perDay) throw tooManyRequests(day!.windowEndsAt - now, M.perDay(this.settings.perDay));
      throw tooManyRequests(hour!.windowEndsAt - now, M.perHour(this.settings.perHour));
    }
    return [hourKey, dayKey];
  }

  private async release(keys: string[]) {
    if (keys.length) await this.store.release(keys, this.now()).catch(() => {});
  }

  /** A store that does not answer refuses the mail for now (503), never skips the limit. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw Object.assign(serviceUnavailable(), { cause: error });
    }
  }
}
