import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDay } from '../../contract/dates.js';
import { ErrorReply, isId } from '../../contract/http.js';
import { TDS_MESSAGES as T, TdsCertificateBody, TdsQuery, TdsReportReply, TdsSavedReply, TdsStatementBody } from '../../contract/tds.js';
import { BODY_LIMITS } from '../../body-limits.js';
import { badRequest, conflict } from '../../errors.js';
import { parseForm26as } from '../../money/form-26as.js';
import { recordAudit } from '../../queries/audit.js';
import { findContactOfFirm } from '../../queries/invoice-writes.js';
import { financialYearOf, insertCertificate, tdsReport } from '../../queries/tds.js';
import { billingFirm } from '../invoices/shared.js';

/**
 * `/api/tds` (docs/decisions/415, 416), scope `workspace`, the firm and its sub-admins: TDS by
 * client and quarter for a financial year, a client's certificate recorded, and a Form 26AS or AIS
 * download matched against both (read, not stored: the next download replaces it anyway).
 */

const tags = ['invoices'];

export const tdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const yearOf = (fy: string | undefined, timeZone: string) => fy ?? financialYearOf(isoDay(new Date(), timeZone));

  app.get('/tds', { schema: { tags, summary: 'TDS deducted by clients, certificates received and missing, by client and quarter, with the due dates (?fy=2026-27)', querystring: TdsQuery, response: { 200: TdsReportReply } } }, async (request) => {
    const { firmId, timeZone } = billingFirm(request);
    return { data: await tdsReport(db, firmId, yearOf(request.query.fy, timeZone)) };
  });

  app.post('/tds/certificates', { schema: { tags, summary: "Record a client's TDS certificate (Form 16A) for a quarter", body: TdsCertificateBody, response: { 201: TdsSavedReply, 400: ErrorReply, 409: ErrorReply } } }, async (request, reply) => {
    const { actor, firmId } = billingFirm(request);
    const body = request.body;
    if (!isId(body.contactId) || !(await findContactOfFirm(db, firmId, body.contactId))) throw badRequest(T.client, [{ path: 'contactId', message: T.client }]);
    const row = await insertCertificate(db, firmId, actor.id, body as Required<typeof body>);
    if (!row) throw conflict(T.duplicate);
    await recordAudit(db, { actorId: actor.id, firmId, action: 'tds.certificate-recorded', targetType: 'contact', targetId: body.contactId, details: { quarter: body.quarter, number: body.number, amount: body.amount } });
    return reply.status(201).send({ message: T.certificateSaved, data: await tdsReport(db, firmId, body.quarter.slice(0, 7)) });
  });

  app.post('/tds/26as', { bodyLimit: BODY_LIMITS.tdsStatement, schema: { tags, summary: 'Match a Form 26AS text or AIS TDS CSV download against the TDS recorded and the certificates', body: TdsStatementBody, response: { 200: TdsReportReply, 400: ErrorReply } } }, async (request) => {
    const { firmId, timeZone } = billingFirm(request);
    return { data: await tdsReport(db, firmId, yearOf(request.body.fy, timeZone), parseForm26as(request.body.text)) };
  });
};
