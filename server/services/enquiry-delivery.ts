import { formatDay } from '../contract/dates.js';
import { projectTypeLabel } from '../contract/vocabulary.js';
import type { AppContext } from '../context.js';
import { claimDigest, firmDisplayName, firmMailbox, firmsAwaitingDigest, hasReleasedEnquiry, unclaimDigest, type LeadRow } from '../queries/leads.js';
import { wantsMail } from '../queries/settings.js';
import { findUserById, type UserRow } from '../queries/users.js';
import type { Database } from '../db/connection.js';
import type { CounterStore } from './rate-limits/counter-store.js';

/**
 * Who sent an enquiry decides where it goes (docs/decisions/340), not the firm's whole volume: a
 * stranger's flood must not silence a firm.
 *
 * - An **established** sender (signed in, address proven, and some history: an account at least
 *   ESTABLISHED_ACCOUNT_AGE_MS old, or one whose earlier enquiry a firm released from Held) always
 *   reaches the inbox, and is mailed up to ENQUIRY_MAILS_PER_HOUR times an hour per firm, on its own
 *   budget that nobody else can use up.
 * - Everyone else is a **new sender**: the first ENQUIRY_NEW_SENDERS_PER_FIRM of them in an hour reach
 *   the inbox; the rest of the burst is held (listed under Held, released by the firm with one click).
 *   New senders share one budget of ENQUIRY_MAILS_PER_HOUR notification mails per firm an hour.
 * - Whatever was not mailed on its own (held, or past a budget) waits for one digest mail, sent by
 *   the hourly housekeeping pass (sendEnquiryDigests), at most once an hour per firm.
 *
 * Every counter is in the shared rate-limit store (PostgreSQL or Redis), so replicas agree.
 */

/** How old an account must be to count as having history (decision 340). */
export const ESTABLISHED_ACCOUNT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The window of the held threshold and the mail budgets. */
export const ENQUIRY_DELIVERY_WINDOW_MS = 60 * 60 * 1000;
/**
 * At most one digest per firm per window across replicas. A little under the housekeeping's hour,
 * so the next hourly pass finds the window ended even when its timer fires a few milliseconds early.
 */
export const DIGEST_WINDOW_MS = 55 * 60 * 1000;
/** Enquiries a digest lists one per line; past it, a count. */
export const DIGEST_MAX_LINES = 50;

export type EnquirySender = { accountId: string | null; established: boolean };

/**
 * Judges the sender of an enquiry: the signed-in account, if any (decision 340). The enquiry must
 * give the account's own proven address: the firm answers the address the account proved, so an
 * established account cannot lend its standing to an address typed into the form.
 */
export async function judgeSender(db: Database, user: UserRow | null | undefined, replyAddress: string, now = new Date()): Promise<EnquirySender> {
  if (!user) return { accountId: null, established: false };
  if (!user.emailConfirmedAt || user.deactivatedAt || user.unconfirmedSince) return { accountId: user.id, established: false };
  if (user.email.toLowerCase() !== replyAddress.toLowerCase()) return { accountId: user.id, established: false };
  if (now.getTime() - user.createdAt.getTime() >= ESTABLISHED_ACCOUNT_AGE_MS) return { accountId: user.id, established: true };
  return { accountId: user.id, established: await hasReleasedEnquiry(db, user.id) };
}

/** Where an enquiry goes: held or in the inbox; mailed now, left for the digest, or neither (the firm's Setting turned its mails off). */
export type EnquiryDelivery = { isHeld: boolean; mailNow: boolean; awaitingDigest: boolean };

type DeliveryLimits = { newSendersPerFirm: number; mailsPerHour: number };

/** Counts the enquiry where every replica sees it and says where it goes. */
export async function decideDelivery(store: CounterStore, limits: DeliveryLimits, firmId: string, sender: EnquirySender, firmWantsMail: boolean, now = Date.now()): Promise<EnquiryDelivery> {
  let isHeld = false;
  if (!sender.established) {
    const [counter] = await store.hit([`enquiry-new-senders:${firmId}`], ENQUIRY_DELIVERY_WINDOW_MS, now);
    isHeld = counter!.count > limits.newSendersPerFirm;
  }
  if (!firmWantsMail) return { isHeld, mailNow: false, awaitingDigest: false };
  if (isHeld) return { isHeld, mailNow: false, awaitingDigest: true };
  // An established sender's budget is its own: a flood of new senders cannot use it up.
  const budget = sender.established ? `enquiry-mails:${firmId}:${sender.accountId}` : `enquiry-mails:${firmId}`;
  const [mails] = await store.hit([budget], ENQUIRY_DELIVERY_WINDOW_MS, now);
  const mailNow = mails!.count <= limits.mailsPerHour;
  return { isHeld, mailNow, awaitingDigest: !mailNow };
}

/** The digest of a firm's enquiries that were not mailed one by one. */
export function digestMail(firm: UserRow, rows: LeadRow[], publicUrl: string) {
  const held = rows.filter((r) => r.isHeld).length;
  const what = rows.length === 1 ? '1 enquiry' : `${rows.length} enquiries`;
  const line = (r: LeadRow) => {
    const message = r.message.replace(/\s+/g, ' ').trim();
    const short = message.length > 80 ? `${message.slice(0, 80)}…` : message;
    return `- ${formatDay(r.createdAt, firm.timeZone)} · ${r.name} <${r.email}> · ${projectTypeLabel(r.projectType)}${r.isHeld ? ' · HELD' : ''}: ${short}`;
  };
  const listed = rows.slice(0, DIGEST_MAX_LINES);
  return {
    to: firmMailbox(firm),
    subject: `${what} waiting in your demand box`,
    text: [
      `Hello ${firmDisplayName(firm)},`,
      '',
      `${what} reached your demand box that we did not mail to you one by one: we send at most a few enquiry mails an hour, and list the rest here.`,
      ...(held
        ? [
            '',
            `${held} of them ${held === 1 ? 'is' : 'are'} held: ${held === 1 ? 'it' : 'they'} came in a burst from new senders. Held enquiries wait under Held until you release them to your inbox.`,
          ]
        : []),
      '',
      ...listed.map(line),
      ...(rows.length > listed.length ? [`…and ${rows.length - listed.length} more.`] : []),
      '',
      `Your inbox: ${publicUrl}/workspace/demandbox`,
      ...(held ? [`Held enquiries: ${publicUrl}/workspace/demandbox?view=held`] : []),
    ].join('\n'),
  };
}

type DigestContext = Pick<AppContext, 'db' | 'mailer' | 'limiter' | 'config'>;

/**
 * One housekeeping pass over the enquiries waiting for a digest: each firm gets at most one digest
 * mail per DIGEST_WINDOW_MS (shared store), listing everything claimed since its last one. A failed
 * mail puts its enquiries back for the next pass. Returns how many digests were sent.
 */
export async function sendEnquiryDigests(ctx: DigestContext, now = new Date()): Promise<number> {
  const { db, mailer, limiter, config } = ctx;
  const store = limiter.store;
  let sent = 0;
  let failure: unknown;
  for (const firmId of await firmsAwaitingDigest(db)) {
    const key = `enquiry-digest:${firmId}`;
    // The first replica to count the window sends it; the others leave it.
    const [counter] = await store.hit([key], DIGEST_WINDOW_MS, now.getTime());
    if (counter!.count > 1) continue;
    const rows = await claimDigest(db, firmId);
    const firm = rows.length ? await findUserById(db, firmId) : undefined;
    if (!firm || !(await wantsMail(db, firmId, 'leads'))) continue;
    try {
      await mailer.send(digestMail(firm, rows, config.PUBLIC_URL));
      sent += 1;
    } catch (error) {
      await unclaimDigest(db, rows.map((r) => r.id));
      await store.clear([key]);
      failure ??= error;
    }
  }
  // The housekeeping logs it; the other firms' digests went out.
  if (failure) throw failure;
  return sent;
}
