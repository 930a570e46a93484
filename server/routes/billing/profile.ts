import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { BILLING_MESSAGES } from '../../contract/billing.js';
import { billingOperations } from '../../contract/billing-operations.js';
import { recordAudit } from '../../queries/audit.js';
import { findUserById } from '../../queries/users.js';
import { findBillingProfile, saveBillingProfileAtVersion, toBillingProfileJson } from '../../queries/billing.js';
import { routeOf } from '../declared.js';
import { SIGNATURE_MESSAGES } from '../../contract/billing-rules.js';
import { HttpError, badRequest, notFound } from '../../errors.js';
import { withReceivedFiles } from '../../files/receive-files.js';
import { SIGNATURE_IMAGE } from '../../files/upload-kinds.js';
import { InvalidImageError, isSignatureKey, storeSignature } from '../../services/images.js';
import { replaceSignatureKey } from '../../queries/billing.js';

/**
 * `/api/billing/profile` (docs/decisions/256), scope `workspace`: the firm's
 * billing profile, read and saved by the firm and its sub-admins only (403 for a plain employee:
 * it holds the bank account). Each firm reads and writes its own row; no id is taken. Its
 * signature image (CGST rule 46(q), decision 402) is kept privately and read back only by the
 * firm itself and its own documents' print data.
 */

export const billingProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.route({
    ...routeOf(billingOperations.profile),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const [row, account] = await Promise.all([findBillingProfile(db, firm.firmId), findUserById(db, firm.firmId)]);
      // The registration's address, offered for the profile (decision 384).
      const registration = account?.address?.trim() ? { address: account.address.trim(), state: account.country === 'India' || !account.country ? (account.state ?? '') : '' } : null;
      return { data: row ? toBillingProfileJson(row) : null, registration };
    },
  });

  app.route({
    ...routeOf(billingOperations.saveProfile),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const row = await db.transaction(async (tx) => {
        const { version, ...fields } = request.body;
        const saved = await saveBillingProfileAtVersion(tx, firm.firmId, user.id, fields, version);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'billing-profile.saved', targetType: 'firm', targetId: firm.firmId, details: { gstin: saved.gstin, invoicePrefix: saved.invoicePrefix } });
        return saved;
      });
      return { message: BILLING_MESSAGES.saved, data: toBillingProfileJson(row) };
    },
  });

  app.route({
    ...routeOf(billingOperations.signature),
    handler: async (request, reply) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const key = (await findBillingProfile(db, firm.firmId))?.signatureKey;
      const file = isSignatureKey(key) ? await storage.get('private', key) : null;
      if (!file) throw notFound(SIGNATURE_MESSAGES.none);
      return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.stream);
    },
  });

  /** The key now in place of the profile's signature; the replaced file is removed once the row no longer names it. */
  async function setSignature(firmId: string, actorId: string, key: string | null) {
    const replaced = await replaceSignatureKey(db, firmId, key);
    if (!replaced) {
      if (key) await storage.delete('private', [key]);
      throw notFound(SIGNATURE_MESSAGES.noProfile);
    }
    if (replaced.previous && replaced.previous !== key) await storage.delete('private', [replaced.previous]);
    await recordAudit(db, { actorId, firmId, action: key ? 'billing-profile.signature-saved' : 'billing-profile.signature-removed', targetType: 'firm', targetId: firmId, details: {} });
    return toBillingProfileJson(replaced.row);
  }

  app.route({
    ...routeOf(billingOperations.uploadSignature),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const key = await withReceivedFiles(request, { accountId: user.id, fileFields: ['file'], ...SIGNATURE_IMAGE }, async (upload) => {
        const file = upload.files[0];
        if (!file) throw badRequest(SIGNATURE_MESSAGES.required, [{ path: 'file', message: SIGNATURE_MESSAGES.required }]);
        // No profile, no signature: refused before the image is processed (setSignature checks again under the row's lock).
        if (!(await findBillingProfile(db, firm.firmId))) throw notFound(SIGNATURE_MESSAGES.noProfile);
        try {
          return await storeSignature(storage, firm.firmId, file.path);
        } catch (error) {
          if (error instanceof InvalidImageError) throw new HttpError(415, SIGNATURE_MESSAGES.type, [{ path: 'file', message: `${file.fileName}: ${SIGNATURE_MESSAGES.type}` }]);
          throw error;
        }
      });
      return { message: SIGNATURE_MESSAGES.saved, data: await setSignature(firm.firmId, user.id, key) };
    },
  });

  app.route({
    ...routeOf(billingOperations.removeSignature),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      return { message: SIGNATURE_MESSAGES.removed, data: await setSignature(firm.firmId, user.id, null) };
    },
  });
};
