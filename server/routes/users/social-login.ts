import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../body-limits.js';
import { accountOperations as ops } from '../../contract/account-operations.js';
import { isSocialProvider, SOCIAL_PROVIDER_LABELS } from '../../contract/social-login.js';
import type { AppContext } from '../../context.js';
import { releasePendingEmployee } from '../../services/employee-confirmation.js';
import { unauthorized } from '../../errors.js';
import { createIdentityAccount, findIdentityAccount, linkIdentity, updateIdentityEmail } from '../../queries/social-identities.js';
import { findUserByEmail, markEmailConfirmed, userJson, type UserRow } from '../../queries/users.js';
import { createIdTokenVerifier, idTokenProviders, type VerifiedIdentity } from '../../services/id-tokens.js';
import { createSession } from '../../queries/sessions.js';
import { sessionOriginOf } from '../../auth/session.js';
import { routeOf } from '../declared.js';

function fallbackName(identity: VerifiedIdentity, displayName: string | null) {
  return (displayName ?? identity.name ?? identity.email!.split('@')[0]!).slice(0, 80);
}

/**
 * The account of a verified identity: the one already linked to it; else the account with the
 * same (provider-verified) email, which gets the identity linked; else a new explorer account
 * without a password. Concurrent first sign-ins settle on one account (unique email, identity pk).
 */
async function accountFor(ctx: AppContext, identity: VerifiedIdentity, displayName: string | null): Promise<UserRow> {
  const { db } = ctx;
  const label = SOCIAL_PROVIDER_LABELS[identity.provider];
  const known = await findIdentityAccount(db, identity);
  if (known) {
    if (known.email !== identity.email) await updateIdentityEmail(db, identity, identity.email);
    return known.user;
  }
  // Linking or creating trusts the email: only an address the provider has verified.
  if (!identity.email || !identity.emailVerified) {
    throw unauthorized(`Your ${label} email address is not verified. Verify it with ${label}, or log in with your email and password.`);
  }
  const email = identity.email;
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findUserByEmail(db, email);
    // An address a firm added and nobody confirmed gives way to its owner, proven by the provider (docs/decisions/236).
    if (existing?.unconfirmedSince) {
      await releasePendingEmployee(ctx, existing, 'owner-signed-up');
      continue;
    }
    if (existing) {
      // The super-admin signs in at /admin/login only, as with a password: never linked.
      if (existing.isSuperAdmin) throw unauthorized(`Sign in with ${label} failed. Please try again.`);
      await linkIdentity(db, { provider: identity.provider, subject: identity.subject, userId: existing.id, email });
      // A concurrent request may have linked the identity first: the stored link decides.
      return (await findIdentityAccount(db, identity))?.user ?? existing;
    }
    const created = await createIdentityAccount(db, {
      provider: identity.provider,
      subject: identity.subject,
      email,
      userName: fallbackName(identity, displayName),
    });
    if (created) return created;
    // Someone created the account with this email meanwhile: link to it on the next round.
  }
  throw unauthorized(`Sign in with ${label} failed. Please try again.`);
}

export const socialLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, limiter } = app.ctx;
  const verifier = createIdTokenVerifier(idTokenProviders(config));

  app.route({
    ...routeOf(ops.socialLogin),
    bodyLimit: BODY_LIMITS.socialLogin,
    handler: async (request) => {
      const body = request.body;
      return limiter.run('social', { address: request.ip, account: body.email }, async () => {
        if (!isSocialProvider(body.loginType)) throw unauthorized('Unsupported sign-in provider');
        const provider = verifier.providers[body.loginType];
        const label = SOCIAL_PROVIDER_LABELS[provider.name];

        const identity = await verifier.verify(provider, body.idToken);
        // The payload's socialId and email are the client's reading of the token: they must agree with it.
        if (identity.subject !== body.socialId || identity.email !== body.email) {
          request.log.info({ provider: provider.name }, 'social sign-in payload does not match its token');
          throw unauthorized(`The ${label} sign-in does not match the account it claims.`);
        }

        const user = await accountFor(app.ctx, identity, body.displayName);
        if (user.isSuperAdmin) throw unauthorized(`Sign in with ${label} failed. Please try again.`);
        // The provider vouches for the address: the account has proven it (decision 340).
        if (!user.emailConfirmedAt && identity.email && identity.emailVerified && identity.email.toLowerCase() === user.email.toLowerCase()) {
          await markEmailConfirmed(db, user.id, identity.email);
        }
        const { token } = await createSession(db, user.id, { remember: body.remember, ...sessionOriginOf(request) });
        return { data: await userJson(db, user), token };
      });
    },
  });
};
