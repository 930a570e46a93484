import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatCalendarDay, isoDay, zoneOf } from '../../contract/dates.js';
import { isId } from '../../contract/http.js';
import { formatPrice } from '../../contract/money-text.js';
import { maskEmail, maskPhone, PORTAL_MESSAGES as M, portalOperations as ops, PORTAL_PROOF_DAYS, smsNumber } from '../../contract/portal.js';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../errors.js';
import { outstandingOf } from '../../money/balance.js';
import { recordAudit } from '../../queries/audit.js';
import { issueCode, redeemCode } from '../../queries/one-time-codes.js';
import { insertPaymentNote, insertProof, notesOfFirm, portalFile, portalFiles, portalInvoiceRow, portalInvoices, portalSchedules, toPortalFile, viewOf } from '../../queries/portal.js';
import { sendStoredFile } from '../../files/send-stored-file.js';
import { usersWantingMail } from '../../queries/settings.js';
import { printOfInvoice, receiptOfPayment } from '../../services/invoice-print.js';
import { PortalAccess } from '../../services/portal-access.js';
import { newToken } from '../../services/tokens.js';
import { routeOf } from '../declared.js';
import { portalFeeProposals } from '../../queries/fee-proposals.js';
import { toPortalFeeProposal } from './fee-proposals.js';

/**
 * The client's side of the portal (docs/decisions/390–392), scope `public`: the token in the path
 * is the key, as for approval links (404 for a wrong one, 410 once revoked). Reading is rate-limited
 * per visitor address; asking and trading a code are limited as sign-in's are; committing (a
 * payment note; a decision through a schedule's link) needs a proof of the contact's address.
 * Replies carry client documents only: no trade price, margin or rate exists in them.
 */
export const portalClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, texter, limiter, background, config } = app.ctx;
  /** The mobile a code may be texted to: only where SMS is set up (docs/decisions/430). */
  const mobileOf = (contact: { phone: string | null }) => (texter.configured ? smsNumber(contact.phone) : null);
  const access = await PortalAccess.create(app.ctx);

  app.route({
    ...routeOf(ops.overview),
    handler: async (request) =>
      access.reading(request, async () => {
        const found = await access.open(request.params.token);
        const state = await access.state(found, request);
        await access.opened(found, 'portal', found.portal.id);
        const today = isoDay(new Date(), zoneOf(found.firm));
        const [schedules, invoices, feeProposals, files] = state.locked
          ? [[], [], [], []]
          : await Promise.all([
              portalSchedules(db, found.portal.id, (link) => access.sharePathOf(link)),
              portalInvoices(db, found.firm.id, found.contact.id, found.portal.id, today),
              portalFeeProposals(db, found.firm.id, found.contact.id).then((rows) => rows.map(toPortalFeeProposal)),
              portalFiles(db, found.portal.id).then((rows) => rows.map(toPortalFile)),
            ]);
        return {
          data: {
            firm: found.firm,
            client: { name: found.contact.name, maskedEmail: maskEmail(found.contact.email), maskedPhone: ((mobile) => (mobile ? maskPhone(mobile) : null))(mobileOf(found.contact)) },
            ...state,
            schedules,
            invoices,
            feeProposals,
            files,
          },
        };
      }),
  });

  app.route({
    ...routeOf(ops.askCode),
    handler: async (request) => {
      const found = await access.open(request.params.token);
      const bySms = request.query.channel === 'sms';
      const mobile = mobileOf(found.contact);
      if (bySms && !texter.configured) throw conflict(M.smsOff);
      if (bySms && !mobile) throw conflict(M.noPhone);
      if (!bySms && !found.contact.email) throw conflict(M.noEmail);
      // Counted as sign-in's code requests are: per visitor address and per portal, whichever way it goes.
      await limiter.run('portal-code', { address: request.ip, account: found.portal.id }, async () => undefined, 'every');
      const { code } = await issueCode(db, { portalId: found.portal.id }, 'portal-proof');
      if (bySms && mobile) {
        try {
          await texter.send(mobile, `${code} is your code for ${found.firm.name}'s client page. Valid 10 minutes, once. Do not share it.`);
        } catch (error) {
          request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the SMS gateway did not take a code');
          throw new HttpError(502, M.smsFailed);
        }
        return { message: M.codeSent(maskPhone(mobile)) };
      }
      await mailer.send({
        to: found.contact.email,
        subject: `Your code for ${found.firm.name}`,
        text: `Hello ${found.contact.name},\n\nYour code to confirm it is you on ${found.firm.name}'s client page is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.`,
      });
      return { message: M.codeSent(maskEmail(found.contact.email)) };
    },
  });

  app.route({
    ...routeOf(ops.prove),
    handler: async (request, reply) => {
      const found = await access.open(request.params.token);
      return limiter.run('portal-proof', { address: request.ip, account: found.portal.id }, async () => {
        const { token, hash } = newToken();
        const expiresAt = new Date(Date.now() + PORTAL_PROOF_DAYS * 24 * 60 * 60 * 1000);
        const redeemed = await redeemCode(db, { portalId: found.portal.id }, 'portal-proof', request.body.code, (tx) => insertProof(tx, found.portal.id, hash, expiresAt));
        if (!redeemed.ok) throw badRequest(M.codeWrong, [{ path: 'code', message: M.codeWrong }]);
        return reply.status(201).send({ message: M.proven, data: { proof: token, expiresAt: expiresAt.toISOString(), portalId: found.portal.id } });
      });
    },
  });

  app.route({
    ...routeOf(ops.invoice),
    handler: async (request) =>
      access.reading(request, async () => {
        const found = await access.open(request.params.token);
        await access.requireUnlocked(found, request);
        const row = await documentOf(found, request.params.invoiceId);
        await access.opened(found, 'invoice', row.id);
        const [print, notes, opened] = await Promise.all([
          printOfInvoice(app.ctx, row, request.query.upiAmount),
          notesOfFirm(db, found.firm.id, { invoiceId: row.id }),
          viewOf(db, found.portal.id, 'invoice', row.id),
        ]);
        return { data: { print, notes, ...opened } };
      }),
  });

  app.route({
    ...routeOf(ops.receipt),
    handler: async (request) =>
      access.reading(request, async () => {
        const found = await access.open(request.params.token);
        await access.requireUnlocked(found, request);
        const row = await documentOf(found, request.params.invoiceId);
        return { data: await receiptOfPayment(app.ctx, row, request.params.paymentId) };
      }),
  });

  app.route({
    ...routeOf(ops.file),
    handler: async (request, reply) =>
      access.reading(request, async () => {
        const found = await access.open(request.params.token);
        await access.requireUnlocked(found, request);
        // Only a file the firm shared through this portal: any other id is not there (decision 422).
        const file = isId(request.params.fileId) ? await portalFile(db, found.portal.id, request.params.fileId) : undefined;
        if (!file) throw notFound(M.fileNotFound);
        await access.opened(found, 'file', file.id);
        return sendStoredFile(reply, request, { key: file.storageKey, fileName: file.fileName, contentType: file.contentType, disposition: 'attachment', notFoundMessage: M.fileNotFound });
      }),
  });

  app.route({
    ...routeOf(ops.notePayment),
    handler: async (request, reply) => {
      const found = await access.open(request.params.token);
      await access.requireProof(found, request);
      const row = await documentOf(found, request.params.invoiceId);
      if (row.kind !== 'invoice' || (row.status !== 'issued' && row.status !== 'part_paid')) throw conflict(M.notPayable);
      const body = request.body;
      const owed = outstandingOf(row);
      if (body.amount > owed) throw badRequest(M.moreThanOwed, [{ path: 'amount', message: M.moreThanOwed }]);
      const today = isoDay(new Date(), zoneOf(found.firm));
      if (body.paidOn > today || (row.issueDate && body.paidOn < row.issueDate)) {
        const message = `Enter a day from ${formatCalendarDay(row.issueDate ?? today)} to ${formatCalendarDay(today)}`;
        throw badRequest(message, [{ path: 'paidOn', message }]);
      }
      try {
        await db.transaction(async (tx) => {
          const note = await insertPaymentNote(tx, { firmId: found.firm.id, invoiceId: row.id, portalId: found.portal.id, amount: body.amount, method: body.method, reference: body.reference, paidOn: body.paidOn });
          await recordAudit(tx, { actorId: null, firmId: found.firm.id, action: 'portal.payment-noted', targetType: 'invoice', targetId: row.id, details: { noteId: note.id, amount: body.amount, method: body.method, reference: body.reference } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(M.referenceUsed);
        throw error;
      }
      // The firm confirms it from the invoice; it is mailed as its Setting says.
      background.defer('payment note mail', async () => {
        if (!(await usersWantingMail(db, [found.firm.id], 'paymentNotes')).has(found.firm.id)) return;
        await mailer.send({
          to: found.firm.email,
          subject: `${found.contact.name} says they paid ${formatPrice(body.amount)} against ${row.number}`,
          text: `${found.contact.name} says they paid ${formatPrice(body.amount)} by ${body.method === 'upi' ? 'UPI' : 'bank transfer'} on ${formatCalendarDay(body.paidOn)}, reference ${body.reference}.\n\nCheck your account, then confirm it on the invoice: ${config.PUBLIC_URL}/workspace/invoices/${row.id}`,
        });
      });
      return reply.status(201).send({ message: M.noteSaved });
    },
  });

  /** One of the contact's issued documents, or 404. */
  async function documentOf(found: { firm: { id: string }; contact: { id: string } }, invoiceId: string) {
    const row = isId(invoiceId) ? await portalInvoiceRow(db, found.firm.id, found.contact.id, invoiceId) : undefined;
    if (!row) throw notFound(M.invoiceNotFound);
    return row;
  }
};
