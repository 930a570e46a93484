import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountingExportOperations as ops, EXPORT_MESSAGES as M, returnPeriod, type ReturnPeriod } from '../../contract/accounting-exports.js';
import { conflict } from '../../errors.js';
import { gstr1Json, gstr1Records, type Gstr1Summary } from '../../money/gstr1.js';
import { gstr1Csv } from '../../money/gstr1-csv.js';
import { tallyXml, type TallyVoucher } from '../../money/tally.js';
import { zohoCustomersCsv, zohoInvoicesCsv } from '../../money/zoho.js';
import { exportParties, gstr1Sources, tallyDocuments, tallyReceipts, zohoInvoices, type DateRange } from '../../queries/accounting-exports.js';
import { billingFirm, requireProfile } from '../invoices/shared.js';
import { routeOf } from '../declared.js';

/**
 * `/api/accounting-exports` (docs/decisions/405, 406), scope `workspace`: the firm and its
 * sub-admins, who bill (an employee gets 403, as for invoices). GSTR-1 of a return period as a
 * summary, the portal's JSON and a CSV per section; the Tally XML and the Zoho Books CSVs of a
 * date range. Every file is streamed from keyset pages: memory stays flat whatever the year holds.
 */


/** A file as it is written: nothing is cached, the name says what it is. */
function sendFile(reply: FastifyReply, chunks: AsyncIterable<string>, type: string, fileName: string) {
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
  return reply.send(Readable.from(chunks, { objectMode: false }));
}

const safeName = (text: string) => text.replace(/[^A-Za-z0-9-]/g, '');

export const accountingExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /** The firm's GSTIN (409 without one) and the period's dates. */
  async function gstr1Of(firmId: string, value: string): Promise<{ gstin: string; period: ReturnPeriod }> {
    const profile = await requireProfile(db, firmId);
    if (!profile.gstin) throw conflict(M.noGstin);
    return { gstin: profile.gstin, period: returnPeriod(value)! };
  }

  app.route({
    ...routeOf(ops.gstr1),
    handler: async (request) => {
      const { firmId } = billingFirm(request);
      const { gstin, period } = await gstr1Of(firmId, request.query.period);
      let summary: Gstr1Summary | undefined;
      for await (const record of gstr1Records(gstr1Sources(db, firmId, period))) if (record.section === 'summary') summary = record.summary;
      const { cancelled, documents, missingHsn, ...sections } = summary!;
      return { data: { period: { value: request.query.period, ...period }, gstin, sections, documents, cancelled, missingHsn } };
    },
  });

  app.route({
    ...routeOf(ops.gstr1Json),
    handler: async (request, reply) => {
      const { firmId } = billingFirm(request);
      const { gstin, period } = await gstr1Of(firmId, request.query.period);
      return sendFile(reply, gstr1Json({ gstin, fp: period.fp }, gstr1Sources(db, firmId, period)), 'application/json; charset=utf-8', `GSTR1-${gstin}-${period.fp}.json`);
    },
  });

  app.route({
    ...routeOf(ops.gstr1Csv),
    handler: async (request, reply) => {
      const { firmId } = billingFirm(request);
      const { gstin, period } = await gstr1Of(firmId, request.query.period);
      const { section } = request.params;
      return sendFile(reply, gstr1Csv(section, gstr1Sources(db, firmId, period)), 'text/csv; charset=utf-8', `GSTR1-${gstin}-${period.fp}-${section}.csv`);
    },
  });

  const rangeName = (range: DateRange) => `${range.from}-to-${range.to}`;

  app.route({
    ...routeOf(ops.tally),
    handler: async (request, reply) => {
      const { firmId } = billingFirm(request);
      const profile = await requireProfile(db, firmId);
      const range = request.query;
      async function* vouchers(): AsyncGenerator<TallyVoucher> {
        yield* tallyDocuments(db, firmId, range);
        yield* tallyReceipts(db, firmId, range);
      }
      return sendFile(reply, tallyXml(profile.legalName, exportParties(db, firmId, range), vouchers()), 'application/xml; charset=utf-8', `tally-${safeName(rangeName(range))}.xml`);
    },
  });

  app.route({
    ...routeOf(ops.zohoInvoices),
    handler: async (request, reply) => {
      const { firmId } = billingFirm(request);
      return sendFile(reply, zohoInvoicesCsv(zohoInvoices(db, firmId, request.query)), 'text/csv; charset=utf-8', `zoho-invoices-${safeName(rangeName(request.query))}.csv`);
    },
  });

  app.route({
    ...routeOf(ops.zohoCustomers),
    handler: async (request, reply) => {
      const { firmId } = billingFirm(request);
      return sendFile(reply, zohoCustomersCsv(exportParties(db, firmId, request.query)), 'text/csv; charset=utf-8', `zoho-customers-${safeName(rangeName(request.query))}.csv`);
    },
  });
};
