import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { PENDING_UPLOAD_MAX_AGE_MS, removeStaleUploads } from './pending-uploads.js';
import { removeExpiredCodes } from '../queries/one-time-codes.js';
import { removeExpiredSessions } from '../queries/sessions.js';
import { removeLapsedEmployees } from './employee-confirmation.js';
import { sendDueReminders } from './invoice-mail.js';
import { sendEnquiryDigests } from './enquiry-delivery.js';
import { isoDay } from '../contract/dates.js';

/**
 * How often the api tidies up what it keeps and no longer needs (uploads never
 * used go after a day; decision 202: sessions and codes past their end).
 */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Temporary upload folders left by a process that stopped mid-upload (a request's folder is
 * otherwise always removed when it ends). Only folders of this api's own naming are touched.
 */
export async function removeStaleTempFolders(tmpDir: string, maxAgeMs: number, now = new Date()): Promise<number> {
  const entries = await fsp.readdir(tmpDir, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith('upload-')) continue;
    const folder = path.join(tmpDir, entry.name);
    const stats = await fsp.stat(folder).catch(() => null);
    if (stats && now.getTime() - stats.mtimeMs > maxAgeMs) {
      await fsp.rm(folder, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * One pass: pending uploads older than a day (with their stored files), stale temporary folders,
 * and sessions and mailed codes past their end (each sign-in and each code adds a row; without
 * this the tables only grew), employee accounts nobody confirmed within 7 days,
 * invoice reminders that are due, and each firm's digest of the enquiries that
 * were not mailed one by one (docs/decisions/340).
 */
type HousekeepingContext = Pick<AppContext, 'db' | 'storage' | 'config' | 'mailer' | 'background' | 'firmMail' | 'limiter'>;

export async function runHousekeeping(ctx: HousekeepingContext, now = new Date()) {
  const uploads = await removeStaleUploads(ctx.db, ctx.storage, { now, maxAgeMs: PENDING_UPLOAD_MAX_AGE_MS });
  const tempFolders = await removeStaleTempFolders(ctx.config.uploadTmpDir, PENDING_UPLOAD_MAX_AGE_MS, now);
  const sessions = await removeExpiredSessions(ctx.db, now);
  const codes = await removeExpiredCodes(ctx.db, now);
  const lapsedEmployees = await removeLapsedEmployees(ctx, now);
  // Invoice reminders N days after the due date (docs/decisions/282): each claimed once across replicas.
  const invoiceReminders = await sendDueReminders(ctx.db, ctx.firmMail, isoDay(now), now);
  // Last: a failed digest mail throws after the other firms' went out (the pass logs it).
  const enquiryDigests = await sendEnquiryDigests(ctx, now);
  return { uploads, tempFolders, sessions, codes, lapsedEmployees, invoiceReminders, enquiryDigests };
}

/**
 * Runs the housekeeping now and then every `intervalMs` in this api process; safe on several
 * replicas at once (see removeStaleUploads; deleting expired sessions twice deletes nothing the
 * second time). `stop()` ends the timer and waits for a pass under way.
 */
export function startHousekeeping(ctx: HousekeepingContext, log: FastifyBaseLogger, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = runHousekeeping(ctx)
      .then((done) => {
        if (Object.values(done).some(Boolean)) log.info(done, 'housekeeping: removed uploads never used, sessions and codes past their end and lapsed employee accounts; sent due reminders and enquiry digests');
      })
      .catch((error: unknown) => log.error({ err: error }, 'housekeeping failed; it runs again later'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, intervalMs);
  // The timer alone must not keep the process alive.
  timer.unref();
  pass();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
