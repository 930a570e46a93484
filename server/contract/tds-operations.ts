import { ErrorReply } from './http.js';
import { operationsOf } from './operation.js';
import { TdsCertificateBody, TdsQuery, TdsReportReply, TdsSavedReply, TdsStatementBody } from './tds.js';

/**
 * The TDS clients deducted and their certificates, each operation declared once (docs/decisions/370),
 * for the firm and its sub-admins: the api registers them (server/routes/tds/) and the web calls
 * them (app/models/invoices.server.ts).
 */

const op = operationsOf('workspace', ['invoices']);

export const tdsOperations = {
  report: op({
    method: 'GET',
    path: '/tds',
    summary: 'TDS deducted by clients, certificates received and missing, by client and quarter, with the due dates (?fy=2026-27)',
    query: TdsQuery,
    replies: { 200: TdsReportReply },
  }),
  recordCertificate: op({
    method: 'POST',
    path: '/tds/certificates',
    summary: "Record a client's TDS certificate (Form 16A) for a quarter (409 for one already recorded)",
    body: TdsCertificateBody,
    replies: { 201: TdsSavedReply, 400: ErrorReply, 409: ErrorReply },
  }),
  match26as: op({
    method: 'POST',
    path: '/tds/26as',
    summary: 'Match a Form 26AS text or AIS TDS CSV download against the TDS recorded and the certificates',
    body: TdsStatementBody,
    replies: { 200: TdsReportReply, 400: ErrorReply, 413: ErrorReply, 415: ErrorReply },
  }),
} as const;
