import type { Database } from '../db/connection.js';
import { firmSubscriptions } from '../db/schema/index.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo firms' plans (docs/decisions/125): the first two firms are paid for a year
 * (their demo logins land on the workspace, the header says Workspace); the third has none, so the
 * pricing panel's Start Free Trial can be tried with it.
 */
export async function seedDemoPlans(db: Database, firms: Array<{ id: string }>, now = new Date()) {
  const paid = firms.slice(0, 2);
  if (!paid.length) return;
  const paidUntil = new Date(now.getTime() + 365 * DAY);
  const trialStartedAt = new Date(now.getTime() - 40 * DAY);
  await db.insert(firmSubscriptions).values(
    paid.map((firm) => ({
      firmId: firm.id,
      trialStartedAt,
      trialEndsAt: new Date(trialStartedAt.getTime() + 30 * DAY),
      requestedAt: new Date(now.getTime() - 12 * DAY),
      paidUntil,
      paidMarkedAt: new Date(now.getTime() - 11 * DAY),
      updatedAt: now,
    })),
  );
}
