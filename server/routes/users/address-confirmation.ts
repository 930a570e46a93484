import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOperations as ops } from '../../contract/account-operations.js';
import { ADDRESS_MESSAGES as M } from '../../contract/address-confirmation.js';
import { routeOf } from '../declared.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { confirmAddressByToken, setAddressToken, type UserRow } from '../../queries/users.js';
import { hashToken, newToken } from '../../services/tokens.js';

/**
 * Proving an account's address (docs/decisions/340). Sign-up mails a link; the link's page posts
 * it here (scope `public`): reading the page changes nothing, as mail scanners open links. A used
 * or unknown link answers 404. A firm's employee proves its address by its welcome link instead.
 */

/** Mails the account a link that confirms its address (after the sign-up's answer). */
export async function sendAddressLink(ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>, user: Pick<UserRow, 'id' | 'email' | 'userName'>) {
  const { token, hash } = newToken();
  if (!(await setAddressToken(ctx.db, user.id, hash))) return;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Confirm your email address',
    text:
      `Hello ${user.userName},\n\nWelcome to Archivista. Please confirm that this is your email address:\n\n${ctx.config.PUBLIC_URL}/confirm-address/${token}\n\n` +
      'Firms then always receive your enquiries, even on a busy day. If you did not sign up, ignore this mail.',
  });
}

export const addressConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.confirmAddress),
    handler: async (request) => {
      const { token } = request.params;
      const confirmed = token.length >= 20 ? await db.transaction(async (tx) => {
        const row = await confirmAddressByToken(tx, hashToken(token));
        if (row) await recordAudit(tx, { actorId: row.id, firmId: row.firmId, action: 'user.address-confirmed', targetType: 'user', targetId: row.id, details: { email: row.email } });
        return row;
      }) : undefined;
      if (!confirmed) throw notFound(M.invalid);
      return { message: M.confirmed };
    },
  });
};
