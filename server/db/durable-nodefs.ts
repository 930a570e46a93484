import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The start parameters of a durable PGlite: PostgreSQL's fsync on (PGlite starts with `-F`, off), through fsync() itself. */
export const durableStartParams = (defaults: readonly string[]) => [...defaults.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];

type FsyncStream = { nfd?: number };

/**
 * PGlite's folder on disk, where a commit PostgreSQL acknowledged has reached the disk
 * (docs/decisions/247). PGlite's PostgreSQL runs in WebAssembly on Emscripten's
 * NODEFS, which writes through to the folder's files but has no fsync: PostgreSQL's fsync() ended
 * there (and fdatasync() is a no-op of Emscripten's, hence `wal_sync_method=fsync` above). This
 * gives NODEFS the fsync it lacks, on the real file, before PostgreSQL reports the commit.
 */
export class DurableNodeFS extends NodeFS {
  async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const giveFsync = (mod: { NODEFS: { stream_ops?: Record<string, unknown> } }) => {
      mod.NODEFS.stream_ops!.fsync = (stream: FsyncStream) => {
        if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), giveFsync as (typeof emscriptenOpts.preRun & object)[number]] } };
  }
}
