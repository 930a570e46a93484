/**
 * `npm run build` (after `remix build`): the browser build made smaller on the wire (issue 14,
 * docs/decisions/181). esbuild's minifier leaves about 4 % that terser takes (two compress passes,
 * module mode so top-level names are mangled and export names kept), and zopfli's gzip is about
 * 5 % smaller than gzip -9. Both are too slow for a request, so they run here, once per build:
 *  - every .js/.mjs is re-minified in place when that makes it smaller (its name is esbuild's
 *    fingerprint, and terser is deterministic: the same source gives the same file under the
 *    same name);
 *  - a .map beside a script is rewritten to map the new script to the original sources (remix
 *    writes maps only with --sourcemap; a stale map would point at the wrong columns);
 *  - every compressible file gets a zopfli `<file>.gz` beside it when that is smaller, which
 *    web-server/precompressed.ts serves (it still gzips at level 9 when there is none);
 *  - the license comments terser drops from the scripts are gathered in third-party-licenses.txt,
 *    so the notices still ship with the code without being in every first load.
 * Work is spread over worker threads (terser and zopfli's wasm both hold the thread they run on).
 * A file whose .gz is newer than itself was finished by an earlier run and is left as it is.
 * Usage: node scripts/finish-browser-build.mjs [directory, default public/build]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';

/** The same kinds as COMPRESSIBLE in web-server/precompressed.ts: what the web server gzips. */
const COMPRESSIBLE = /\.(js|mjs|css|json|map|svg|txt)$/;
const SCRIPT = /\.m?js$/;
const LICENSES = 'third-party-licenses.txt';
/** terser's own test for the comments `comments: 'some'` would keep. */
const LEGAL_COMMENT = /@preserve|@copyright|@lic|@cc_on|^\**!/i;

if (isMainThread) await main();
else work();

async function main() {
  const started = performance.now();
  const root = path.resolve(process.argv[2] ?? 'public/build');
  const all = fs.readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  const present = new Set(all);
  const finished = (file) => {
    try {
      return fs.statSync(`${file}.gz`).mtimeMs >= fs.statSync(file).mtimeMs;
    } catch {
      return false;
    }
  };
  // A script's map is rewritten and compressed with its script, in the same task.
  const candidates = all.filter((file) => COMPRESSIBLE.test(file) && !(file.endsWith('.map') && SCRIPT.test(file.slice(0, -4)) && present.has(file.slice(0, -4))));
  const pending = candidates.filter((file) => !finished(file));
  const skipped = candidates.length - pending.length;
  // Largest first, so that two big chunks do not end up last on one thread.
  const bySize = (a, b) => fs.statSync(b).size - fs.statSync(a).size;
  const scripts = pending.filter((file) => SCRIPT.test(file) && path.basename(file) !== LICENSES).sort(bySize);
  const others = pending.filter((file) => !SCRIPT.test(file) && path.basename(file) !== LICENSES).sort(bySize);

  const threads = Math.max(1, Math.min(os.availableParallelism(), 4));
  const workers = Array.from({ length: threads }, () => new Worker(new URL(import.meta.url)));
  const results = [];
  try {
    results.push(...(await runAll(workers, scripts.map((file) => ({ file, minify: true })))));
    // License notices: those of this run with those an earlier run gathered (its scripts no longer
    // carry them), one copy of each, in a stable order.
    const licensesFile = path.join(root, LICENSES);
    const notices = new Set(results.flatMap((result) => result.legal));
    if (fs.existsSync(licensesFile)) for (const old of fs.readFileSync(licensesFile, 'utf8').match(/\/\*[\s\S]*?\*\/|^\/\/.*$/gm) ?? []) notices.add(old);
    if (notices.size) {
      const text = `Licenses of the third-party code in the scripts of this folder.\n\n${[...notices].sort().join('\n\n')}\n`;
      if (!fs.existsSync(licensesFile) || fs.readFileSync(licensesFile, 'utf8') !== text) fs.writeFileSync(licensesFile, text);
      if (!finished(licensesFile)) others.push(licensesFile);
    }
    results.push(...(await runAll(workers, others.map((file) => ({ file, minify: false })))));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  const sum = (key) => results.reduce((total, result) => total + result[key], 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const minified = results.filter((result) => result.minified);
  console.log(
    `finish-browser-build: ${results.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s on ${threads} threads` +
      (skipped ? ` (${skipped} already done)` : '') +
      `; ${minified.length} scripts ${kb(minified.reduce((t, r) => t + r.before, 0))} → ${kb(minified.reduce((t, r) => t + r.after, 0))} minified` +
      `; all gzip -9 as built ${kb(sum('gzipBefore'))} → zopfli ${kb(sum('gzipAfter'))} (${results.filter((r) => r.wroteGz).length} .gz)`,
  );
}

/** Runs the tasks on the workers, one at a time each; rejects on the first failure. */
function runAll(workers, tasks) {
  const queue = [...tasks];
  const results = [];
  return new Promise((resolve, reject) => {
    let busy = 0;
    let failed = false;
    const next = (worker) => {
      if (failed) return;
      const task = queue.shift();
      if (!task) {
        if (busy === 0) resolve(results);
        return;
      }
      busy++;
      const onMessage = (message) => {
        worker.off('error', onError);
        busy--;
        if (message.error) return fail(new Error(`${task.file}: ${message.error}`));
        results.push(message);
        next(worker);
      };
      const onError = (error) => {
        worker.off('message', onMessage);
        fail(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.postMessage(task);
    };
    const fail = (error) => {
      failed = true;
      reject(error);
    };
    if (!queue.length) return resolve(results);
    for (const worker of workers) next(worker);
  });
}

function work() {
  let tools;
  const load = async () => {
    const [{ minify }, { gzipAsync }] = await Promise.all([import('terser'), import('@gfx/zopfli')]);
    return { minify, gzipAsync };
  };
  parentPort.on('message', async ({ file, minify }) => {
    try {
      tools ??= await load();
      parentPort.postMessage(await finish(file, minify, tools));
    } catch (error) {
      parentPort.postMessage({ error: error instanceof Error ? error.stack ?? error.message : String(error) });
    }
  });
}

async function finish(file, minify, tools) {
  const original = fs.readFileSync(file);
  const legal = [];
  let output = original;
  const touched = [file];
  if (minify) {
    const mapFile = `${file}.map`;
    const map = fs.existsSync(mapFile) ? fs.readFileSync(mapFile, 'utf8') : null;
    const result = await tools.minify(original.toString('utf8'), {
      module: true,
      compress: { passes: 2 },
      mangle: true,
      format: {
        comments: (_node, comment) => {
          if (LEGAL_COMMENT.test(comment.value)) legal.push(comment.type === 'comment2' ? `/*${comment.value}*/` : `//${comment.value}`);
          return false;
        },
      },
      ...(map ? { sourceMap: { content: map, url: path.basename(mapFile) } } : {}),
    });
    // Kept when it is less on the wire (gzip -9 stands in for zopfli, much faster): a tiny chunk
    // can come out longer (`export{a}` becomes `export{s as a}`), and then stays as it was.
    const code = Buffer.from(result.code);
    const onWire = (bytes) => Math.min(bytes.length, zlib.gzipSync(bytes, { level: 9 }).length);
    const [now, was] = [onWire(code), onWire(original)];
    if (now < was || (now === was && code.length < original.length)) {
      output = code;
      fs.writeFileSync(file, output);
      if (map) fs.writeFileSync(mapFile, result.map);
    }
    if (map) touched.push(mapFile);
  }
  let gzipBefore = 0;
  let gzipAfter = 0;
  let wroteGz = false;
  for (const target of touched) {
    const raw = target === file ? output : fs.readFileSync(target);
    const before = target === file ? original : raw;
    const gz = Buffer.from(await tools.gzipAsync(raw, { numiterations: 15 }));
    // Served figures: what precompressed.ts sends, at gzip -9 without this step and with it.
    gzipBefore += Math.min(before.length, zlib.gzipSync(before, { level: 9 }).length);
    if (gz.length < raw.length) {
      fs.writeFileSync(`${target}.gz`, gz);
      gzipAfter += gz.length;
      if (target === file) wroteGz = true;
    } else {
      fs.rmSync(`${target}.gz`, { force: true });
      gzipAfter += raw.length;
    }
  }
  return { file, minified: minify, before: original.length, after: output.length, gzipBefore, gzipAfter, wroteGz, legal };
}
