import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, assertSafePrefix, contentTypeOfKey, type ListedFile, type Storage, type StorageArea } from './storage.js';

/** Suffix of a file being written; it is renamed to its key once complete, and never listed. */
const PARTIAL = '.partial';

const missing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException)?.code ?? '');

/**
 * Local disk: the public area in `publicDir` (`DATA_DIR/uploads`), the private one in `privateDir`
 * (`DATA_DIR/private`), a key being a path below. Writes go to a temporary name in the same
 * folder and are renamed when complete, so a reader never sees half a file.
 */
export function createLocalStorage(options: { publicDir: string; privateDir: string }): Storage {
  const rootOf = (area: StorageArea) => (area === 'public' ? options.publicDir : options.privateDir);
  const fileOf = (area: StorageArea, key: string) => {
    assertSafeKey(key);
    return path.join(rootOf(area), key);
  };

  async function stat(file: string) {
    try {
      const stats = await fsp.stat(file);
      return stats.isFile() ? stats : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async function* walk(root: string, folder: string): AsyncGenerator<ListedFile> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(root, folder), { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(root, key);
      else if (entry.isFile() && !entry.name.endsWith(PARTIAL)) {
        const stats = await stat(path.join(root, key));
        if (stats) yield { key, size: stats.size, lastModified: stats.mtime };
      }
    }
  }

  return {
    backend: 'local',

    async prepare() {
      await fsp.mkdir(options.publicDir, { recursive: true });
      await fsp.mkdir(options.privateDir, { recursive: true });
    },

    async check() {
      await fsp.access(options.publicDir, fs.constants.W_OK);
      await fsp.access(options.privateDir, fs.constants.W_OK);
    },

    async put(area, key, body) {
      const file = fileOf(area, key);
      const partial = `${file}.${crypto.randomBytes(6).toString('hex')}${PARTIAL}`;
      // The folder is created right before the file is opened (the write stream opens lazily, so
      // a delete pruning an empty folder in between only costs one retry of the open).
      const open = async () => {
        await fsp.mkdir(path.dirname(file), { recursive: true });
        return fsp.open(partial, 'wx', 0o640);
      };
      const handle = await open().catch((error: unknown) => (missing(error) ? open() : Promise.reject(error)));
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, handle.createWriteStream());
        await fsp.rename(partial, file);
      } catch (error) {
        await fsp.rm(partial, { force: true });
        throw error;
      }
    },

    async get(area, key, { range } = {}) {
      const file = fileOf(area, key);
      const stats = await stat(file);
      if (!stats) return null;
      // Opened before answering, so a file removed in between is a miss, not a stream error later.
      const handle = await fsp.open(file, 'r').catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { stream, size: stats.size, contentType: contentTypeOfKey(key), lastModified: stats.mtime, ...(range ? { range } : {}) };
    },

    async head(area, key) {
      const stats = await stat(fileOf(area, key));
      return stats ? { size: stats.size, contentType: contentTypeOfKey(key), lastModified: stats.mtime } : null;
    },

    async delete(area, keys) {
      const files = keys.map((key) => fileOf(area, key));
      await Promise.all(files.map((file) => fsp.rm(file, { force: true })));
      // A file's own folder goes too once empty (an image's variants live in a folder of their
      // own); a folder still in use answers ENOTEMPTY and stays.
      const root = rootOf(area);
      const folders = new Set(files.map((file) => path.dirname(file)).filter((folder) => folder !== root));
      await Promise.all([...folders].map((folder) => fsp.rmdir(folder).catch(() => {})));
    },

    list(area, prefix) {
      assertSafePrefix(prefix);
      // Walk only the deepest folder the prefix names, then filter by the whole prefix.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const root = rootOf(area);
      return (async function* () {
        for await (const file of walk(root, folder)) if (file.key.startsWith(prefix)) yield file;
      })();
    },
  };
}
