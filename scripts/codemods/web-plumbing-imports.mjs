/**
 * Issue 30 item 5 (web plumbing), for the lead to re-run on merged code, then delete:
 *   node scripts/codemods/web-plumbing-imports.mjs
 * Rewrites imports of app/ and tests/ (idempotent):
 * - guards: `auth.server` → `guards.server`; `requireWorkspaceUser` (workspace.server) and
 *   `requireAdminToken` (admin-session.server, renamed `requireAdmin`) → `guards.server`;
 * - the api client: `api-file.server` → `api.server`; `adminApi(request, path, init)` →
 *   `api(request, path, { admin: true, ...init })`;
 * - route code that left app/utils: register-firm.server, calendar-feed.server, enquiry.server.
 */
import fs from 'node:fs';
import path from 'node:path';

const files = ['app', 'tests']
  .filter((dir) => fs.existsSync(dir))
  .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
  .filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('node_modules'));

const MOVED = {
  '~/utils/register-firm.server': '~/routes/resources.register-firm/register-firm.server',
  '~/utils/calendar-feed.server': '~/routes/workspace.calendar/calendar-feed.server',
  '~/utils/enquiry.server': '~/routes/explore.$id/enquiry.server',
  '~/utils/api-file.server': '~/utils/api.server',
  '~/utils/auth.server': '~/utils/guards.server',
};
/** Names that moved from one module to another: [from, name, to, new name]. */
const NAMES = [
  ['workspace.server', 'requireWorkspaceUser', 'guards.server', 'requireWorkspaceUser'],
  ['admin-session.server', 'requireAdminToken', 'guards.server', 'requireAdmin'],
  ['admin-session.server', 'adminApi', 'api.server', 'api'],
];

const IMPORT = /^import (type )?\{([^}]*)\} from '([^']+)';\n/gm;

function rewrite(file, source) {
  const inUtils = path.dirname(file).split(path.sep).join('/') === 'app/utils';
  const full = (spec) => (inUtils && spec.startsWith('./') ? `~/utils/${spec.slice(2)}` : spec);
  const local = (spec) => (inUtils && spec.startsWith('~/utils/') ? `./${spec.slice('~/utils/'.length)}` : spec);
  let text = source;
  // Whole modules that moved.
  text = text.replace(/from '([^']+)'/g, (m, spec) => (MOVED[full(spec)] ? `from '${local(MOVED[full(spec)])}'` : m));
  if (file.split(path.sep).join('/') === 'app/utils/guards.server.ts') return text;
  // Names that moved: take them out of their old import, add them to the new module's.
  const added = new Map();
  text = text.replace(IMPORT, (m, typeOnly, list, spec) => {
    const base = full(spec).replace(/^~\/utils\//, '');
    const names = list.split(',').map((n) => n.trim()).filter(Boolean);
    const keep = [];
    for (const name of names) {
      const move = NAMES.find(([from, n]) => from === base && n === name.replace(/^type /, ''));
      if (!move) keep.push(name);
      else {
        const target = local(`~/utils/${move[2]}`);
        if (!added.has(target)) added.set(target, []);
        added.get(target).push(move[3]);
        if (move[1] !== move[3]) text = text; // renamed below
      }
    }
    if (keep.length === names.length) return m;
    return keep.length ? `import ${typeOnly ?? ''}{ ${keep.join(', ')} } from '${spec}';\n` : '';
  });
  for (const [, name, , renamed] of NAMES) if (name !== renamed && name !== 'adminApi') text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), renamed);
  // adminApi<T>(request, path) / adminApi<T>(request, path, { … }) → api(…, { admin: true, … }).
  text = text.replace(/\badminApi(<[^>]*>)?\(request, ((?:`[^`]*`|'[^']*'))\)/g, (_m, t, p) => `api${t ?? ''}(request, ${p}, { admin: true })`);
  text = text.replace(/\badminApi(<[^>]*>)?\(request, ((?:`[^`]*`|'[^']*')), \{ /g, (_m, t, p) => `api${t ?? ''}(request, ${p}, { admin: true, `);
  for (const [target, names] of added) {
    const existing = new RegExp(`^import \\{([^}]*)\\} from '${target.replace(/[.$]/g, '\\$&')}';\\n`, 'm');
    const match = existing.exec(text);
    if (match) {
      const all = [...new Set([...match[1].split(',').map((n) => n.trim()).filter(Boolean), ...names])];
      text = text.replace(existing, `import { ${all.join(', ')} } from '${target}';\n`);
    } else {
      const lastImport = [...text.matchAll(/^import [^;]*;\n/gm)].pop();
      const at = lastImport ? lastImport.index + lastImport[0].length : 0;
      text = `${text.slice(0, at)}import { ${[...new Set(names)].join(', ')} } from '${target}';\n${text.slice(at)}`;
    }
  }
  return text;
}

let changed = 0;
for (const file of files) {
  const before = fs.readFileSync(file, 'utf8');
  const after = rewrite(file, before);
  if (after !== before) {
    fs.writeFileSync(file, after);
    changed++;
    console.log(file);
  }
}
console.log(`${changed} files rewritten`);
