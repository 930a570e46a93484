import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDay } from '../../contract/dates.js';
import { isId } from '../../contract/http.js';
import { TDS_MESSAGES as T, TDS_STATEMENT_MAX_BYTES, TdsStatementParts, tdsOperations as ops } from '../../contract/tds.js';
import { firstField, withReceivedFiles } from '../../files/receive-files.js';
import { TDS_STATEMENT } from '../../files/upload-kinds.js';
import { zippedText, type ZippedText } from '../../files/zipped-text.js';
import { routeOf } from '../declared.js';
import fsp from 'node:fs/promises';
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

/** Why a ZIP's text was not read, as the file field's message. */
const ZIP_REFUSALS: Record<Extract<ZippedText, { ok: false }>['reason'], string> = {
  encrypted: T.fileZip,
  unreadable: T.zipUnreadable,
  empty: T.zipEmpty,
  several: T.zipSeveral,
  tooLarge: T.zipTooLarge,
};

export const tdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const yearOf = (fy: string | undefined, timeZone: string) => fy ?? financialYearOf(isoDay(new Date(), timeZone));

  app.route({
    ...routeOf(ops.report),
    handler: async (request) => {
      const { firmId, timeZone } = billingFirm(request);
      return { data: await tdsReport(db, firmId, yearOf(request.query.fy, timeZone)) };
    },
  });

  app.route({
    ...routeOf(ops.recordCertificate),
    handler: async (request, reply) => {
      const { actor, firmId } = billingFirm(request);
      const body = request.body;
      if (!isId(body.contactId) || !(await findContactOfFirm(db, firmId, body.contactId))) throw badRequest(T.client, [{ path: 'contactId', message: T.client }]);
      const row = await insertCertificate(db, firmId, actor.id, body as Required<typeof body>);
      if (!row) throw conflict(T.duplicate);
      await recordAudit(db, { actorId: actor.id, firmId, action: 'tds.certificate-recorded', targetType: 'contact', targetId: body.contactId, details: { quarter: body.quarter, number: body.number, amount: body.amount } });
      return reply.status(201).send({ message: T.certificateSaved, data: await tdsReport(db, firmId, body.quarter.slice(0, 7)) });
    },
  });

  app.route({
    ...routeOf(ops.matchText),
    bodyLimit: BODY_LIMITS.tdsStatement,
    handler: async (request) => {
      const { firmId, timeZone } = billingFirm(request);
      return { data: await tdsReport(db, firmId, yearOf(request.body.fy, timeZone), parseForm26as(request.body.text)) };
    },
  });

  // The downloaded file itself (decision 383), read the same way as the pasted text.
  app.route({
    ...routeOf(ops.uploadStatement),
    handler: async (request) => {
      const { actor, firmId, timeZone } = billingFirm(request);
      return withReceivedFiles(request, { accountId: actor.id, fileFields: ['file'], ...TDS_STATEMENT }, async (upload) => {
        const file = upload.files[0];
        const refuse = (message: string) => badRequest(message, [{ path: 'file', message }]);
        if (!file) throw refuse(T.fileRequired);
        const fy = TdsStatementParts.shape.fy.safeParse(firstField(upload, 'fy') || undefined);
        if (!fy.success) throw badRequest(T.fy, [{ path: 'fy', message: T.fy }]);
        // Text has no signature; anything recognised by its first bytes is another kind of file,
        // but the ZIP TRACES gives is opened for the text inside (decision 401).
        let bytes: Buffer = await fsp.readFile(file.path);
        if (file.type?.ext === 'zip') {
          const inner = await zippedText(bytes, TDS_STATEMENT_MAX_BYTES);
          if (!inner.ok) throw refuse(ZIP_REFUSALS[inner.reason]);
          bytes = inner.bytes;
        } else if (file.type) throw refuse(T.fileWrongType(file.type.ext));
        const text = statementText(bytes);
        if (text === null) throw refuse(T.fileNotText);
        const parsed = parseForm26as(text);
        if (!parsed.entries.length) throw refuse(parsed.problems[0] ?? T.statement);
        return { data: await tdsReport(db, firmId, yearOf(fy.data, timeZone), parsed) };
      });
    },
  });
};

/**
 * A downloaded file's text: UTF-8 (its byte-order mark dropped), else Windows' single-byte text as
 * Latin-1 (a deductor's name typed in Excel); null for bytes no text file has (NUL, other controls).
 */
export function statementText(bytes: Buffer): string | null {
  if (bytes.some((b) => b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c))) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = bytes.toString('latin1');
  }
  return text.replace(/^\uFEFF/, '');
}
