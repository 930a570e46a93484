import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationFlag, NotificationSettings, NotificationSettingsInput } from '../contract/settings.js';
import type { Database } from '../db/connection.js';
import { notificationSettings, users } from '../db/schema/index.js';

/** A person's mail choices (docs/decisions/118); no row means every mail on. */
export async function readNotificationSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
  return { tasks: row?.tasks ?? true, chat: row?.chat ?? true, leads: row?.leads ?? true, clientDecisions: row?.clientDecisions ?? true };
}

export async function saveNotificationSettings(db: Database, userId: string, input: NotificationSettingsInput): Promise<NotificationSettings> {
  const now = new Date();
  const values = { ...input, clientDecisions: input.clientDecisions ?? true };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: now } });
  return values;
}

/** Whether a mail of kind `flag` may go to `userId`: what every mail sender of tasks, chat and leads asks first. */
export async function wantsMail(db: Database, userId: string, flag: NotificationFlag): Promise<boolean> {
  return (await readNotificationSettings(db, userId))[flag];
}

/** Of `userIds`, those who take mails of kind `flag` (no row: every mail on); one query for a whole list. */
export async function usersWantingMail(db: Database, userIds: string[], flag: NotificationFlag): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const optedOut = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, userIds), eq(notificationSettings[flag], false)));
  const out = new Set(optedOut.map((row) => row.userId));
  return new Set(userIds.filter((id) => !out.has(id)));
}

/** The firm's time zone (decision 265), kept on the firm's account; its employees' dates follow it. */
export async function saveFirmTimeZone(db: Pick<Database, 'update'>, firmId: string, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone, updatedAt: new Date() }).where(eq(users.id, firmId));
}
