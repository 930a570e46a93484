import type { Database } from '../db/connection.js';
import { recordAudit } from '../queries/audit.js';
import { rotateFeed } from '../queries/calendar.js';
import { notifyStreamsEnd } from '../queries/chat.js';
import { findPlainEmployeeByEmail } from '../queries/employees.js';
import { revokeLinksCreatedBy } from '../queries/share-links.js';
import { newToken } from './tokens.js';

/**
 * Access ends when the person leaves (docs/decisions/241). Called inside the
 * transaction that takes the access away, so all of it happens at its commit or not at all:
 * - the person's live Group Chat streams close on every api replica (NOTIFY on the chat channel);
 *   the browser reconnects and the access check of the new request refuses it;
 * - the client approval links the person made are revoked, with who and why (the Client Board);
 * - the person's iCal feed gets a token nobody holds, so a reactivated account's old link stays dead.
 */

type Person = { id: string; userName: string };
type Ending = { actorId: string; firmId: string; reason: string };

/** The person leaves the firm's workspace (deactivated or deleted): everything of theirs ends. */
export async function endAccess(tx: Database, person: Person, ending: Ending) {
  await notifyStreamsEnd(tx, person.id);
  const revoked = await revokeLinksCreatedBy(tx, person.id, { revokedBy: ending.actorId, reason: ending.reason });
  await rotateFeed(tx, person.id, newToken().hash);
  await audit(tx, person, ending, revoked, null);
}

/**
 * The member with `email` leaves a project (removed, or its email changed): the firm's plain
 * employee of that email, if there is one, loses that project's streams and links. Its feed is
 * rotated too (it listed that project's tasks). Sub-admins see every project anyway: nothing ends.
 */
export async function endProjectAccess(tx: Database, member: { email: string; projectId: string }, ending: Ending) {
  const person = await findPlainEmployeeByEmail(tx, ending.firmId, member.email);
  if (!person) return;
  await notifyStreamsEnd(tx, person.id, member.projectId);
  const revoked = await revokeLinksCreatedBy(tx, person.id, { revokedBy: ending.actorId, reason: ending.reason, projectId: member.projectId });
  await rotateFeed(tx, person.id, newToken().hash);
  await audit(tx, person, ending, revoked, member.projectId);
}

async function audit(tx: Database, person: Person, ending: Ending, revoked: Array<{ id: string }>, projectId: string | null) {
  await recordAudit(tx, {
    actorId: ending.actorId,
    firmId: ending.firmId,
    action: 'access.ended',
    targetType: 'user',
    targetId: person.id,
    details: { reason: ending.reason, projectId, shareLinksRevoked: revoked.map((l) => l.id) },
  });
}
