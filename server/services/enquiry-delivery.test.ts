import { describe, expect, it } from 'vitest';
import { decideDelivery, digestMail, DIGEST_MAX_LINES, ENQUIRY_DELIVERY_WINDOW_MS } from './enquiry-delivery';
import { MemoryCounterStore } from './rate-limits/counter-store';
import type { LeadRow } from '../queries/leads';
import type { UserRow } from '../queries/users';

/** Where an enquiry goes, by its sender (docs/decisions/340); the api tests run the same on the shared stores. */

const limits = { newSendersPerFirm: 2, mailsPerHour: 1 };
const stranger = { accountId: null, established: false };
const regular = (id: string) => ({ accountId: id, established: true });

describe('decideDelivery', () => {
  it('holds new senders past the threshold, never an established one; mails within each budget, the rest wait for the digest', async () => {
    const store = new MemoryCounterStore();
    const now = Date.now();
    const decide = (sender: typeof stranger | ReturnType<typeof regular>, wants = true, at = now) => decideDelivery(store, limits, 'firm-a', sender, wants, at);
    expect(await decide(stranger)).toEqual({ isHeld: false, mailNow: true, awaitingDigest: false });
    expect(await decide(stranger)).toEqual({ isHeld: false, mailNow: false, awaitingDigest: true });
    expect(await decide(stranger)).toEqual({ isHeld: true, mailNow: false, awaitingDigest: true });
    // Each established sender has a budget of its own, and is never held.
    expect(await decide(regular('u1'))).toEqual({ isHeld: false, mailNow: true, awaitingDigest: false });
    expect(await decide(regular('u2'))).toEqual({ isHeld: false, mailNow: true, awaitingDigest: false });
    expect(await decide(regular('u1'))).toEqual({ isHeld: false, mailNow: false, awaitingDigest: true });
    // Another firm counts apart; a new window starts afresh.
    expect(await decideDelivery(store, limits, 'firm-b', stranger, true, now)).toEqual({ isHeld: false, mailNow: true, awaitingDigest: false });
    expect(await decide(stranger, true, now + ENQUIRY_DELIVERY_WINDOW_MS + 1)).toEqual({ isHeld: false, mailNow: true, awaitingDigest: false });
  });

  it('leaves nothing for a digest when the firm turned its Demand box mails off, and still holds a burst', async () => {
    const store = new MemoryCounterStore();
    for (let i = 0; i < limits.newSendersPerFirm; i++) expect(await decideDelivery(store, limits, 'quiet', stranger, false)).toEqual({ isHeld: false, mailNow: false, awaitingDigest: false });
    expect(await decideDelivery(store, limits, 'quiet', stranger, false)).toEqual({ isHeld: true, mailNow: false, awaitingDigest: false });
  });
});

describe('digestMail', () => {
  const firm = { firmName: 'Digest Studio', userName: 'Owner', email: 'owner@example.test', businessEmail: 'office@example.test', timeZone: 'Asia/Kolkata' } as UserRow;
  const lead = (i: number, isHeld = false) =>
    ({ id: `l${i}`, name: `Person ${i}`, email: `p${i}@example.test`, projectType: 'interior-residential', message: `Message ${i} `.repeat(20), isHeld, createdAt: new Date('2026-12-01T20:00:00Z') }) as LeadRow;

  it('lists each enquiry on one line, the held ones marked, past 50 a count, to the firm mailbox', () => {
    const rows = [lead(1), lead(2, true), ...Array.from({ length: DIGEST_MAX_LINES }, (_, i) => lead(10 + i, true))];
    const mail = digestMail(firm, rows, 'https://archivista.example');
    expect(mail.to).toBe('office@example.test');
    expect(mail.subject).toBe(`${rows.length} enquiries waiting in your demand box`);
    // The firm's time zone: 20:00 UTC is the 2nd in India.
    expect(mail.text).toContain('- 2 Dec 2026 · Person 1 <p1@example.test> · Interior Design – Residential: Message 1');
    expect(mail.text).toContain('Person 2 <p2@example.test> · Interior Design – Residential · HELD: ');
    expect(mail.text).toContain(`${rows.length - 1} of them are held`);
    expect(mail.text).toContain('…and 2 more.');
    expect(mail.text).toContain('https://archivista.example/workspace/demandbox?view=held');
    // A message is cut to a line.
    expect(mail.text.split('\n').every((line) => line.length < 200)).toBe(true);
  });

  it('names one enquiry in the singular and leaves out the Held link when none is held', () => {
    const mail = digestMail(firm, [lead(1)], 'https://archivista.example');
    expect(mail.subject).toBe('1 enquiry waiting in your demand box');
    expect(mail.text).not.toContain('view=held');
  });
});
