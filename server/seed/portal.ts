import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { invoices, projects, schedules, summarySections } from '../db/schema/index.js';
import { PORTAL_SHARE_DAYS } from '../contract/portal-rules.js';
import { insertPortal } from '../queries/portal.js';
import { insertShareLink } from '../queries/share-links.js';
import { LinkSeal } from '../services/link-seal.js';
import { newToken } from '../services/tokens.js';

/**
 * The demo client's portal (docs/decisions/390): the contact the demo firm's invoice bills, with
 * that invoice (shown as every issued one is) and the schedule of its demo summary shared for approval.
 * Answers the portal's path, for the start banner.
 */
export async function seedDemoPortal(db: Database, firm: { id: string }, shareLinkKey: string | undefined): Promise<{ path: string; clientName: string } | null> {
  const [invoice] = await db
    .select({ contactId: invoices.contactId, clientName: invoices.buyer })
    .from(invoices)
    .where(and(eq(invoices.issuerId, firm.id), isNotNull(invoices.contactId), eq(invoices.kind, 'invoice')))
    .orderBy(asc(invoices.createdAt))
    .limit(1);
  if (!invoice?.contactId) return null;
  const seal = await LinkSeal.of(db, shareLinkKey).ready();
  const { token, hash } = newToken();
  const portal = await insertPortal(db, { firmId: firm.id, contactId: invoice.contactId, tokenHash: hash, createdBy: firm.id }, (id) => seal.seal(token, id));
  // The schedule with the demo summary (sections to approve).
  const [schedule] = await db
    .selectDistinct({ id: schedules.id, projectId: schedules.projectId, createdAt: schedules.createdAt })
    .from(schedules)
    .innerJoin(projects, eq(projects.id, schedules.projectId))
    .innerJoin(summarySections, eq(summarySections.scheduleId, schedules.id))
    .where(eq(projects.userId, firm.id))
    .orderBy(asc(schedules.createdAt))
    .limit(1);
  const clientName = invoice.clientName?.legalName ?? 'the client';
  if (schedule) {
    const link = newToken();
    await insertShareLink(
      db,
      { firmId: firm.id, projectId: schedule.projectId, scheduleId: schedule.id, tokenHash: link.hash, clientName, createdBy: firm.id, expiresAt: new Date(Date.now() + PORTAL_SHARE_DAYS * 24 * 60 * 60 * 1000), portalId: portal.id },
      (id) => seal.seal(link.token, id),
    );
  }
  return { path: `/portal/${token}`, clientName };
}
