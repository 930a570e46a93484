import type { Database } from '../../server/db/connection';
import { createEmployee, createFirm } from '../../server/seed/factories';
import { createSession } from '../../server/queries/sessions';
import type { UserRow } from '../../server/queries/users';

/**
 * The cast of a firm-scoped api test: a firm, its sub-admin and an employee, and another firm, each
 * with a session token (who may, who may not, and who must get a 404).
 */
export async function firmTeam(db: Database, employee: Parameters<typeof createEmployee>[2] = {}) {
  const firm = await createFirm(db);
  const other = await createFirm(db);
  const session = async (u: UserRow) => (await createSession(db, u.id, { remember: false })).token;
  const tokens = {
    firm: await session(firm),
    subAdmin: await session(await createEmployee(db, firm.id, { isSubAdmin: true })),
    employee: await session(await createEmployee(db, firm.id, employee)),
    other: await session(other),
  };
  return { firm, other, tokens };
}
