import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationFlag, NotificationSettings, NotificationSettingsInput } from '../contract/settings.js';
import type { Database } from '../db/connection.js';
import { notFound } from '../errors.js';
import { staleOrMissing, writeAtVersion } from './versions.js';
import { notificationSettings, users } from '../db/schema/index.js';

/** A person's mail choices (docs/decisions/118); no row means every mail on. */
export async function readNotificationSettings(db: Database, userId: string): Promise<NotificationSettings & { version: number }> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
  return row ? settingsJson(row) : { tasks: true, chat: true, leads: true, clientDecisions: true, clientApprovals: true, paymentNotes: true, version: 0 };
}

const settingsJson = (row: typeof notificationSettings.$inferSelect) => ({
  tasks: row.tasks,
  chat: row.chat,
  leads: row.leads,
  clientDecisions: row.clientDecisions,
  clientApprovals: row.clientApprovals,
  paymentNotes: row.paymentNotes,
  version: row.version,
});

/** The choices a caller did not send stay on (they came later). */
const withLaterFlags = (input: NotificationSettingsInput) => ({ ...input, clientDecisions: input.clientDecisions ?? true, clientApprovals: input.clientApprovals ?? true, paymentNotes: input.paymentNotes ?? true });

/**
 * The person's save from the version read (docs/decisions/320): version 0 makes their first row
 * (409 when another tab of theirs made it meanwhile), any other replaces it only while it is still
 * at that version. The person is the only editor of their choices: a 409 names them.
 */
export async function saveNotificationSettingsAtVersion(db: Database, userId: string, input: NotificationSettingsInput, version: number) {
  const values = withLaterFlags(input);
  const key = eq(notificationSettings.userId, userId);
  const missing = () => notFound('The mail choices are not there any more');
  if (version === 0) {
    const [made] = await db.insert(notificationSettings).values({ userId, ...values, updatedAt: new Date() }).onConflictDoNothing({ target: notificationSettings.userId }).returning();
    if (made) return settingsJson(made);
    throw await staleOrMissing(db, notificationSettings, key, settingsJson, missing, userId);
  }
  return settingsJson(await writeAtVersion(db, notificationSettings, { key, version, actorId: userId, set: values, toJson: settingsJson, missing, editorId: userId }));
}

export async function saveNotificationSettings(db: Database, userId: string, input: NotificationSettingsInput): Promise<NotificationSettings> {
  const now = new Date();
  const values = withLaterFlags(input);
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

const timeZoneJson = (row: { timeZone: string; version: number }) => ({ timeZone: row.timeZone, version: row.version });

/** The firm's time zone and the version of the firm's account it is kept on (docs/decisions/320). */
export async function readFirmTimeZone(db: Database, firmId: string) {
  const [row] = await db.select({ timeZone: users.timeZone, version: users.version }).from(users).where(eq(users.id, firmId)).limit(1);
  return row ? timeZoneJson(row) : undefined;
}

/**
 * The firm's time zone (decision 265), kept on the firm's account; its employees' dates follow it.
 * Saved from the version read (docs/decisions/320): 409 when someone saved it meanwhile.
 */
export async function saveFirmTimeZone(db: Database, firmId: string, actorId: string, timeZone: string, version: number) {
  return timeZoneJson(await writeAtVersion(db, users, { key: eq(users.id, firmId), version, actorId, set: { timeZone }, toJson: timeZoneJson, missing: () => notFound('The firm is not there any more') }));
}
