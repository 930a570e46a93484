import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { PENDING_UPLOAD_MAX_AGE_MS, removeStaleUploads } from './pending-uploads.js';

/** How often the clean-up runs (issue 9, item 13: uploads never used go after a day). */
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

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

/** One pass: pending uploads older than a day (with their stored files) and stale temporary folders. */
export async function runUploadCleanup(ctx: Pick<AppContext, 'db' | 'storage' | 'config'>, now = new Date()) {
  const uploads = await removeStaleUploads(ctx.db, ctx.storage, { now, maxAgeMs: PENDING_UPLOAD_MAX_AGE_MS });
  const tempFolders = await removeStaleTempFolders(ctx.config.uploadTmpDir, PENDING_UPLOAD_MAX_AGE_MS, now);
  return { uploads, tempFolders };
}

/**
 * Runs the clean-up now and then every `intervalMs` in this api process; safe on several replicas
 * at once (see removeStaleUploads). `stop()` ends the timer and waits for a pass under way.
 */
export function startUploadCleanup(ctx: Pick<AppContext, 'db' | 'storage' | 'config'>, log: FastifyBaseLogger, intervalMs = UPLOAD_CLEANUP_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = runUploadCleanup(ctx)
      .then((done) => {
        if (done.uploads || done.tempFolders) log.info(done, 'removed uploads never used');
      })
      .catch((error: unknown) => log.error({ err: error }, 'upload clean-up failed; it runs again later'))
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
