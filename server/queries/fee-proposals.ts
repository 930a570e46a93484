import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FeeLetterReply } from '../contract/fee-letter.js';
import type { FeeProposalStatus } from '../contract/fees.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { contacts, feeAgreements, feeProposals, projects, type FrozenFeeTerms } from '../db/schema/index.js';

/** Fee proposals shared with clients for acceptance, frozen as versions (docs/decisions/421). */

export type FeeProposalRow = typeof feeProposals.$inferSelect;
export type { FrozenFeeTerms };
type Letter = FeeLetterReply['data'];

export const letterOf = (row: FeeProposalRow) => row.letter as unknown as Letter;

/** Every version of the agreement shared, newest first, with the client's name. */
export async function proposalsOf(db: Database, agreementId: string) {
  return db
    .select({ proposal: feeProposals, clientName: contacts.name })
    .from(feeProposals)
    .innerJoin(contacts, eq(contacts.id, feeProposals.contactId))
    .where(eq(feeProposals.agreementId, agreementId))
    .orderBy(desc(feeProposals.version))
    .limit(100);
}

/** The version the client accepted last: the one in force. */
export async function acceptedProposalOf(db: Database, agreementId: string): Promise<FeeProposalRow | undefined> {
  const [row] = await db
    .select()
    .from(feeProposals)
    .where(and(eq(feeProposals.agreementId, agreementId), eq(feeProposals.status, 'accepted')))
    .orderBy(desc(feeProposals.version))
    .limit(1);
  return row;
}

/**
 * Shares a new version inside the caller's transaction (the agreement's row locked): the next
 * number, and any version still waiting superseded, so the client sees only the latest.
 */
export async function insertProposal(
  tx: Database,
  values: {
    firmId: string;
    agreementId: string;
    contactId: string;
    portalId: string;
    agreementVersion: number;
    letter: Letter;
    terms: FrozenFeeTerms;
    sharedBy: string;
  }
): Promise<FeeProposalRow> {
  const [{ next }] = (await tx
    .select({
      next: sql<number>`coalesce(max(${feeProposals.version}) + 1, 1)::int`,
    })
    .from(feeProposals)
    .where(eq(feeProposals.agreementId, values.agreementId))) as [{ next: number }];
  await tx
    .update(feeProposals)
    .set({ status: 'superseded' })
    .where(and(eq(feeProposals.agreementId, values.agreementId), eq(feeProposals.status, 'pending')));
  const [row] = await tx
    .insert(feeProposals)
    .values({
      id: newId(),
      ...values,
      letter: values.letter as unknown as Record<string, unknown>,
      version: next,
    })
    .returning();
  return row!;
}

/** What the contact's portal lists: every version shared with them but those a newer one replaced, newest first. */
/** Proposals with their project's name and id, for the `where` a caller gives. */
const withProject = (db: Database, where: SQL | undefined) =>
  db
    .select({ proposal: feeProposals, projectName: projects.projectName, projectId: projects.id })
    .from(feeProposals)
    .innerJoin(feeAgreements, eq(feeAgreements.id, feeProposals.agreementId))
    .innerJoin(projects, eq(projects.id, feeAgreements.projectId))
    .where(where);

export async function portalFeeProposals(db: Database, firmId: string, contactId: string) {
  return withProject(db, and(eq(feeProposals.firmId, firmId), eq(feeProposals.contactId, contactId), ne(feeProposals.status, 'superseded')))
    .orderBy(desc(feeProposals.createdAt), desc(feeProposals.id))
    .limit(100);
}

/** One of the contact's proposals (with its project's name), or undefined. */
export async function contactProposal(db: Database, firmId: string, contactId: string, id: string) {
  const [row] = await withProject(db, and(eq(feeProposals.id, id), eq(feeProposals.firmId, firmId), eq(feeProposals.contactId, contactId))).limit(1);
  return row;
}

/**
 * Records the client's answer when the proposal is still waiting (one compare-and-set, so two
 * answers at once record one); undefined when it was answered or superseded meanwhile.
 */
export async function decideProposal(
  db: Database,
  id: string,
  answer: {
    status: Extract<FeeProposalStatus, 'accepted' | 'declined'>;
    decidedEmail: string;
    decidedPortalId: string;
    declineReason?: string | null;
  },
  now = new Date()
): Promise<FeeProposalRow | undefined> {
  const [row] = await db
    .update(feeProposals)
    .set({
      ...answer,
      declineReason: answer.declineReason ?? null,
      decidedAt: now,
    })
    .where(and(eq(feeProposals.id, id), eq(feeProposals.status, 'pending')))
    .returning();
  return row;
}
