import type { AppContext } from '../context.js';
import { recordAudit } from '../queries/audit.js';
import { CONFIRMATION_DAYS, deleteLapsedUnconfirmed, deleteUnconfirmed } from '../queries/employees.js';
import { findUserById, type UserRow } from '../queries/users.js';
import type { Mail } from './mail.js';

/**
 * An address belongs to whoever proves it (docs/decisions/236). A firm's new
 * employee account is unconfirmed until its person opens the welcome mail's one-time link and
 * confirms; the same page offers "This was not me", which removes the account. An unconfirmed
 * account cannot sign in, gives way to the address's owner signing up, and lapses after
 * CONFIRMATION_DAYS. The firm is told by mail whenever its pending employee goes.
 */

/** The path of the welcome mail's link (the web's page). */
export const confirmationPath = (token: string) => `/confirm-account/${token}`;

/** The firm's name as its people know it. */
export const firmNameOf = (firm: Pick<UserRow, 'firmName' | 'userName'> | undefined) => firm?.firmName?.trim() || firm?.userName || 'a firm';

/** The welcome mail: who added the address, the link to confirm it, and the way out. */
export function welcomeMail(input: { employee: Pick<UserRow, 'email' | 'userName'>; firmName: string; addedBy: Pick<UserRow, 'userName' | 'email'>; token: string; publicUrl: string }): Mail {
  const link = `${input.publicUrl}${confirmationPath(input.token)}`;
  return {
    to: input.employee.email,
    subject: `Confirm your Archivista account at ${input.firmName}`,
    text: [
      `Hello ${input.employee.userName},`,
      '',
      `${input.addedBy.userName} (${input.addedBy.email}) of ${input.firmName} created a workspace account for this address, ${input.employee.email}.`,
      '',
      `If this is you, confirm it within ${CONFIRMATION_DAYS} days: ${link}`,
      `Then sign in with this email and the password ${input.addedBy.userName} gave you; you can change it in Setting.`,
      '',
      `If this was not you, open the same link and choose "This was not me": the account is removed and the address is free again. If you do nothing, it lapses in ${CONFIRMATION_DAYS} days.`,
    ].join('\n'),
  };
}

export type ReleaseReason = 'owner-signed-up' | 'not-me' | 'lapsed';

const RELEASE_LINES: Record<ReleaseReason, (email: string) => string> = {
  'owner-signed-up': (email) => `The owner of ${email} signed up to Archivista with their own account.`,
  'not-me': (email) => `The owner of ${email} answered "This was not me" to the welcome mail.`,
  lapsed: (email) => `Nobody confirmed ${email} within ${CONFIRMATION_DAYS} days.`,
};

/** Tells the firm its pending employee is gone, after the answer (a platform mail to the firm's own address). */
function notifyFirm(ctx: Pick<AppContext, 'db' | 'mailer' | 'background' | 'config'>, employee: UserRow, reason: ReleaseReason) {
  if (!employee.firmId) return;
  const firmId = employee.firmId;
  ctx.background.defer('pending employee removed mail', async () => {
    const firm = await findUserById(ctx.db, firmId);
    if (!firm) return;
    await ctx.mailer.send({
      to: firm.email,
      subject: `${employee.userName} was removed from your employees`,
      text: `Hello ${firm.userName},\n\n${RELEASE_LINES[reason](employee.email)} The employee account you created for ${employee.userName} had not been confirmed, so it has been removed.\n\nYour employees: ${ctx.config.PUBLIC_URL}/workspace/employee`,
    });
  });
}

/** Removes an unconfirmed employee account (audited) and tells its firm; false when it was confirmed or gone meanwhile. */
export async function releasePendingEmployee(ctx: Pick<AppContext, 'db' | 'mailer' | 'background' | 'config'>, employee: UserRow, reason: ReleaseReason): Promise<boolean> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await deleteUnconfirmed(tx, employee.id);
    if (row) await recordAudit(tx, { actorId: null, firmId: row.firmId, action: 'employee.released', targetType: 'user', targetId: row.id, details: { email: row.email, reason } });
    return row;
  });
  if (removed) notifyFirm(ctx, removed, reason);
  return Boolean(removed);
}

/** The housekeeping's pass: accounts unconfirmed for CONFIRMATION_DAYS go, each firm told. Answers how many. */
export async function removeLapsedEmployees(ctx: Pick<AppContext, 'db' | 'mailer' | 'background' | 'config'>, now = new Date()): Promise<number> {
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await deleteLapsedUnconfirmed(tx, now);
    await recordAudit(
      tx,
      rows.map((row) => ({ actorId: null, firmId: row.firmId, action: 'employee.released', targetType: 'user', targetId: row.id, details: { email: row.email, reason: 'lapsed' } })),
    );
    return rows;
  });
  for (const row of removed) notifyFirm(ctx, row, 'lapsed');
  return removed.length;
}
