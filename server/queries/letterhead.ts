import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { users } from '../db/schema/index.js';
import { zoneOf } from '../contract/dates.js';
import { findBillingProfile, type BillingProfileRow } from './billing.js';

/** What a firm's documents print at their head: its name and picture, and its billing profile when it has one. */
/** `timeZone`: the firm's, which dates its documents (decisions 265, 331). */
export type FirmLetterhead = { name: string; profileImage: string | null; timeZone: string; profile: BillingProfileRow | undefined };

export async function firmLetterhead(db: Database, firmId: string): Promise<FirmLetterhead> {
  const [[firm], profile] = await Promise.all([
    db.select({ firmName: users.firmName, userName: users.userName, profileImage: users.profileImage, timeZone: users.timeZone }).from(users).where(eq(users.id, firmId)).limit(1),
    findBillingProfile(db, firmId),
  ]);
  return { name: firm?.firmName || firm?.userName || '', profileImage: firm?.profileImage ?? null, timeZone: zoneOf(firm), profile };
}
