/**
 * `npm start`: builds only when the sources changed since the last build
 * (docs/decisions/266). A build takes 20 s and more; a restart with the same sources takes none.
 * The sources' stamp (every file's path, size and modification time under the folders a build
 * reads, and the root files that shape it, hashed) is written to build/source-stamp.txt after a
 * build succeeded; the next start compares. A missing output (a deleted build/ or public/build/)
 * builds too. `FORCE_BUILD=1` always builds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a build reads: its inputs. Outputs (build/, public/build/) and data are left out. */
export const SOURCE_DIRS = ['app', 'server', 'web-server', 'scripts', 'patches', 'public'];
export const SOURCE_FILES = ['package.json', 'package-lock.json', 'remix.config.js', 'tsconfig.json', 'remix.env.d.ts'];
const SKIPPED = new Set(['public/build', 'node_modules']);
/** What `npm start` runs: without any of them there is nothing to start. */
export const BUILD_OUTPUTS = ['build/start.mjs', 'build/api.mjs', 'build/web-server.mjs', 'build/index.js', 'public/build'];
export const STAMP_FILE = 'build/source-stamp.txt';

/** The stamp of a list of files: the same files, sizes and times give the same stamp, in any order. */
export function sourceStamp(files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) hash.update(`${file.path}\0${file.size}\0${Math.trunc(file.mtimeMs)}\n`);
  return hash.digest('hex');
}

/** Whether to build: no stamp of a last build, one that differs, or an output missing. */
export function needsBuild({ current, built, outputsPresent }) {
  if (!outputsPresent) return { build: true, reason: 'the build is missing' };
  if (!built) return { build: true, reason: 'no record of the last build' };
  if (built.trim() !== current) return { build: true, reason: 'the sources changed since the last build' };
  return { build: false, reason: 'the sources are unchanged since the last build' };
}

/** Every source file under `root` (relative paths with forward slashes), with its size and time. */
export function listSources(root) {
  const found = [];
  const walk = (relative) => {
    if (SKIPPED.has(relative)) return;
    const full = path.join(root, relative);
    let stat;
    try {
      stat = fs.statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full)) walk(relative ? `${relative}/${name}` : name);
    } else if (stat.isFile()) {
      found.push({ path: relative, size: stat.size, mtimeMs: stat.mtimeMs });
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  for (const file of SOURCE_FILES) walk(file);
  return found;
}

function main(root) {
  const current = sourceStamp(listSources(root));
  const built = fs.existsSync(path.join(root, STAMP_FILE)) ? fs.readFileSync(path.join(root, STAMP_FILE), 'utf8') : null;
  const outputsPresent = BUILD_OUTPUTS.every((output) => fs.existsSync(path.join(root, output)));
  const decision = process.env.FORCE_BUILD === '1' ? { build: true, reason: 'FORCE_BUILD=1' } : needsBuild({ current, built, outputsPresent });
  console.log(`npm start: ${decision.build ? 'building' : 'no build'} (${decision.reason})`);
  if (!decision.build) return 0;
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) return result.status ?? 1;
  // The stamp of the sources as they were when the build began: a file changed during it builds again next time.
  fs.writeFileSync(path.join(root, STAMP_FILE), `${current}\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main(process.cwd()));
