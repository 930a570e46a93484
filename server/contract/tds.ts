import { z } from 'zod/v4';
import { ErrorReply } from './http.js';
import { operation } from './operation.js';
import { parseRupees } from './money-text.js';
import { TAN_PATTERN } from './tds-rules.js';
import { codeOrEmpty, dayText, TAN_TYPED } from './text-fields.js';

/**
 * TDS by client and quarter (docs/decisions/415, 416): the firm and its sub-admins. What clients
 * deducted on payments, the certificates (Form 16A) they sent, what is missing, the quarter's due
 * dates; a Form 26AS or AIS download posted to match what the clients reported. Paise throughout.
 */

export const TDS_MESSAGES = {
  fy: 'A financial year such as 2026-27',
  quarter: 'Choose a quarter',
  number: 'The certificate number, as printed on the Form 16A',
  issuedOn: 'The date on the certificate',
  amount: 'An amount in rupees, such as 10000.00',
  tan: 'A TAN is four letters, five digits and a letter (e.g. MUMA12345B)',
  client: 'Choose the client',
  duplicate: 'A certificate with this number from this TAN is already recorded',
  statement: 'Paste or upload the Form 26AS text or the AIS TDS CSV',
  certificateSaved: 'Certificate recorded',
  fileRequired: 'Choose the Form 26AS text file or the AIS TDS CSV',
  fileTooLarge: 'The file is larger than 1 MB: a Form 26AS text or AIS CSV download is a few KB',
  fileNotText: 'This is not a text file: download Form 26AS as text (or the AIS TDS details as CSV) and upload that file',
  /** TRACES gives the text in a ZIP protected by the taxpayer's date of birth or incorporation (decision 401): an open ZIP is read, a protected one is not. */
  fileZip: 'This ZIP is protected by a password, which the platform cannot open: unzip it first (the TRACES password is the date of birth or incorporation, DDMMYYYY) and upload the .txt file inside',
  zipUnreadable: 'This ZIP cannot be read: unzip it first and upload the .txt file inside',
  zipEmpty: 'This ZIP holds no file: download Form 26AS as text again',
  zipSeveral: 'This ZIP holds more than one file: unzip it and upload the Form 26AS .txt file',
  zipTooLarge: 'The file inside this ZIP is larger than 1 MB: a Form 26AS text download is a few KB',
  fileWrongType: (kind: string) => `This is a ${kind.toUpperCase()} file, not a Form 26AS text or AIS CSV: download Form 26AS as text (or the AIS TDS details as CSV) and upload that file`,
} as const;
const T = TDS_MESSAGES;

const FY_PATTERN = /^(\d{4})-(\d{2})$/;
export const isFinancialYear = (v: string) => {
  const m = FY_PATTERN.exec(v);
  return !!m && (Number(m[1]) + 1) % 100 === Number(m[2]);
};
const fy = z.string({ error: T.fy }).trim().refine(isFinancialYear, T.fy).meta({ pattern: '^\\s*\\d{4}-\\d{2}\\s*$' });
const quarterKey = z
  .string({ error: T.quarter })
  .trim()
  .refine((v) => /^\d{4}-\d{2} Q[1-4]$/.test(v) && isFinancialYear(v.slice(0, 7)), T.quarter)
  .meta({ pattern: '^\\s*\\d{4}-\\d{2} Q[1-4]\\s*$' });
const isoDayText = dayText(T.issuedOn);
const tan = codeOrEmpty(TAN_PATTERN, T.tan, { upper: true, documented: TAN_TYPED });

export const TdsQuery = z.object({ fy: fy.optional() });
export type TdsQuery = z.input<typeof TdsQuery>;

export const TdsCertificateBody = z.object({
  contactId: z.string({ error: T.client }).trim().min(1, T.client).max(64, T.client),
  quarter: quarterKey,
  number: z.string({ error: T.number }).trim().min(1, T.number).max(40, T.number),
  issuedOn: isoDayText,
  amount: z.number({ error: T.amount }).int(T.amount).min(1, T.amount).max(1_000_00_00_000_00, T.amount),
  tan,
});
export type TdsCertificateBody = z.input<typeof TdsCertificateBody>;
/** The web's form: the amount in rupees. */
export const TdsCertificateForm = TdsCertificateBody.extend({
  amount: z
    .string({ error: T.amount })
    .trim()
    .transform((v, ctx) => {
      const value = parseRupees(v);
      if (value === null || value < 1) ctx.addIssue({ code: 'custom', message: T.amount });
      return value ?? 0;
    }),
});

/** The largest Form 26AS or AIS file taken (1 MB, the paste's 1,000,000 characters). */
export const TDS_STATEMENT_MAX_BYTES = 1024 * 1024;

/** A Form 26AS text or AIS CSV download, as text (at most 1,000,000 characters). */
export const TdsStatementBody = z.object({ fy: fy.optional(), text: z.string({ error: T.statement }).min(1, T.statement).max(1_000_000, T.statement) });
export type TdsStatementBody = z.input<typeof TdsStatementBody>;

export const TdsCertificate = z.object({ id: z.string(), number: z.string(), issuedOn: z.string(), amount: z.number(), tan: z.string() });

export const TdsRow = z.object({
  contactId: z.string().nullable(),
  clientName: z.string(),
  /** The TAN the latest payment or certificate named, or ''. */
  tan: z.string(),
  quarter: z.string(),
  quarterLabel: z.string(),
  /** Form 26Q's due date and Form 16A's (fifteen days later). */
  returnDue: z.string(),
  certificateDue: z.string(),
  deducted: z.number(),
  certificates: z.array(TdsCertificate),
  certified: z.number(),
  /** deducted − certified, never below 0. */
  missing: z.number(),
  /** TDS the client reported in the imported Form 26AS/AIS for this TAN and quarter; null when none was imported. */
  reported: z.number().nullable(),
});
export type TdsRow = z.infer<typeof TdsRow>;

export const TdsReport = z.object({
  fy: z.string(),
  /** The firm's clients with a TAN or a payment, for the certificate form's choice. */
  clients: z.array(z.object({ id: z.string(), name: z.string() })),
  rows: z.array(TdsRow),
  totals: z.object({ deducted: z.number(), certified: z.number(), missing: z.number() }),
  /** From an imported download: entries whose TAN matches no client's, and the parser's problems. */
  unmatched: z.array(z.object({ tan: z.string(), deductorName: z.string(), quarter: z.string(), deducted: z.number() })),
  problems: z.array(z.string()),
});
export type TdsReport = z.infer<typeof TdsReport>;
export const TdsReportReply = z.object({ data: TdsReport });
export type TdsReportReply = z.infer<typeof TdsReportReply>;
export const TdsSavedReply = z.object({ message: z.string(), data: TdsReport });
export type TdsSavedReply = z.infer<typeof TdsSavedReply>;

/** The downloaded file itself (decision 383): one part `file`, and the financial year. */
export const TdsStatementParts = z.object({
  file: z.file().describe('The Form 26AS text file (or the ZIP TRACES gives, unless it is password-protected) or the AIS TDS CSV, at most 1 MB'),
  fy: fy.optional(),
});

/** TDS operations declared once (docs/decisions/370), for the firm and its sub-admins (server/routes/tds/). */
export const tdsOperations = {
  report: operation({
    method: 'GET',
    path: '/tds',
    scope: 'workspace',
    tags: ['invoices'],
    summary: 'TDS deducted by clients, certificates received and missing, by client and quarter, with the due dates (?fy=2026-27)',
    query: TdsQuery,
    replies: { 200: TdsReportReply },
  }),
  recordCertificate: operation({
    method: 'POST',
    path: '/tds/certificates',
    scope: 'workspace',
    tags: ['invoices'],
    summary: "Record a client's TDS certificate (Form 16A) for a quarter (409 for one already recorded)",
    body: TdsCertificateBody,
    replies: { 201: TdsSavedReply, 400: ErrorReply, 409: ErrorReply },
  }),
  matchText: operation({
    method: 'POST',
    path: '/tds/26as',
    scope: 'workspace',
    tags: ['invoices'],
    summary: 'Match a Form 26AS text or AIS TDS CSV download against the TDS recorded and the certificates',
    body: TdsStatementBody,
    // 413: a text above its body limit; 415: a body that is not JSON.
    replies: { 200: TdsReportReply, 400: ErrorReply, 413: ErrorReply, 415: ErrorReply },
  }),
  uploadStatement: operation({
    method: 'POST',
    path: '/tds/26as/file',
    scope: 'workspace',
    tags: ['invoices'],
    summary: 'Match an uploaded Form 26AS text file or AIS TDS CSV (read as the pasted text is; not stored); 400 for a file of another kind or with no TDS transactions',
    body: { multipart: TdsStatementParts },
    // 413: a file above TDS_STATEMENT_MAX_BYTES; 415: a body that is not multipart; 429: too many uploads of the account at once.
    replies: { 200: TdsReportReply, 400: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
  }),
} as const;
