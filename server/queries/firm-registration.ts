import { and, eq, inArray } from 'drizzle-orm';
import type { FirmRegistrationBody } from '../contract/firm-registration.js';
import { VERIFY } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { users } from '../db/schema/index.js';
import { recordAudit } from './audit.js';
import type { UserRow } from './users.js';

/** Verification states from which an account may (re)submit a registration: none yet, or rejected. */
export const OPEN_STATES = [VERIFY.none, VERIFY.rejected];

/**
 * Records a firm registration (isVerify becomes pending, the role the firm type) with its audit
 * line, in one transaction. It claims the registration only from an open state, so of two
 * simultaneous submissions one wins: undefined for the other.
 */
export function submitRegistration(
  db: Database,
  {
    user,
    body,
    document,
    passwordHash,
    claimDocument,
  }: {
    user: UserRow;
    body: FirmRegistrationBody;
    document: { key: string; name: string };
    passwordHash?: string;
    /** Runs first in the transaction: takes the uploaded document for this registration (throwing rolls it all back). */
    claimDocument: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<void>;
  },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    await claimDocument(tx);
    const [updated] = await tx
      .update(users)
      .set({
        firmName: body.firmName,
        firmType: body.firmType,
        role: body.firmType,
        businessEmail: body.businessEmail,
        contactNo: body.contactNo,
        website: body.website ?? null,
        address: body.address,
        country: body.country,
        state: body.state ?? null,
        city: body.city ?? null,
        documentKey: document.key,
        documentName: document.name,
        isVerify: VERIFY.pending,
        verifyNote: null,
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, user.id), inArray(users.isVerify, OPEN_STATES)))
      .returning();
    // Throwing rolls the document's claim back with it.
    if (!updated) return undefined;
    await recordAudit(tx, {
      actorId: user.id,
      action: 'firm.registered',
      firmId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { firmName: body.firmName, firmType: body.firmType, previousVerify: user.isVerify, resubmission: user.isVerify === VERIFY.rejected },
    });
    return updated;
  });
}
