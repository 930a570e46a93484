/**
 * Rewrites source comments that cite a tracker's issue numbers (docs/decisions/362), the common
 * shapes only: "(issue N item M, docs/decisions/240)" → "(docs/decisions/240)", "(issue N)" →
 * nothing, "Issue N item M (docs/decisions/287): the form…" → "docs/decisions/287: The form…".
 * What it leaves needs a sentence of its own; tests/architecture.test.ts lists it. Applied
 * migrations are history and stay as they are.
 *   node scripts/cite-decisions.mjs [folder…]     (default: app server web-server scripts tests)
 */
import fs from 'node:fs';
import path from 'node:path';

const FOLDERS = process.argv.slice(2).length ? process.argv.slice(2) : ['app', 'server', 'web-server', 'scripts', 'tests'];
const SOURCE = /\.(ts|tsx|mjs|cjs|js|css|sql|sh)$/;

const NUMBER_LIST = String.raw`[0-9][0-9a-z]*(?:(?:, | and |–|-| to )[0-9][0-9a-z]*)*`;
const ISSUE = String.raw`[Ii]ssues? [0-9]+(?:(?:, | and )[0-9]+)*(?:'s)?(?: (?:items?|defect) ${NUMBER_LIST})?(?:'s (?:state|part))?`;
const ONLY_ISSUES = new RegExp(String.raw`^(?:${ISSUE})(?:, (?:${ISSUE}))*$`);
const PAREN = new RegExp(String.raw` ?\(([^()\n]*?[Ii]ssues? [0-9][^()\n]*?)\)`, 'g');
const LEAD = new RegExp(String.raw`(\* |// |/\* |\{/\* )(${ISSUE})(?:, | \((docs/decisions/[0-9]{3}[^)]*|decisions? [0-9]{3}[^)]*)\))?: ([a-z])`, 'g');
const LEAD_CITE = new RegExp(String.raw`(\* |// |/\* |\{/\* )(${ISSUE}) \((docs/decisions/[0-9]{3}[^)]*|decisions? [0-9]{3}[^)]*)\)`, 'g');
const INLINE = new RegExp(String.raw`(?:, |; )(${ISSUE})(?=[),;.])`, 'g');
/** "issue N, item M" is one citation: "issue N item M". */
const ISSUE_COMMA_ITEM = /([Ii]ssues? [0-9]+), (items? [0-9])/g;
/** An issue's number at a line's end and its items on the next: one citation, its parenthesis opening on the next line. */
const SPLIT_ITEMS = new RegExp(String.raw` ?\((?:[Ii]ssues? [0-9]+)\n(\s*(?:\*|//) )items? ${NUMBER_LIST}(?:([,;:]) |\))`, 'g');
/** "(issue N: the reason)" → "(the reason)"; "(issue N, decision 251)" → "(decision 251)". */
const PAREN_HEAD = new RegExp(String.raw`\((?:${ISSUE})(?::|[,;]) (?=\S)`, 'g');
/** A parenthesis whose issue ends its line: it opens on the next line instead. */
const PAREN_AT_END = new RegExp(String.raw` \((?:${ISSUE})[,;]?\n(\s*(?:\*|//) )`, 'g');
/** "…): issue N, docs/decisions/179." → "…): docs/decisions/179." */
const COLON_CITE = new RegExp(String.raw`: (?:${ISSUE}), (?=docs/decisions/|decisions? [0-9])`, 'g');

/** A parenthesis without its issue segments: kept as it is if it has none, dropped if it had only those. */
function withoutIssues(whole, inner) {
  const parts = inner.split(/([,;] )/);
  const segments = parts.filter((_, i) => i % 2 === 0);
  const separators = parts.filter((_, i) => i % 2 === 1);
  const kept = segments.map((segment, i) => ({ segment, separator: i > 0 ? separators[i - 1] : null })).filter(({ segment }) => !ONLY_ISSUES.test(segment.trim()));
  if (kept.length === segments.length) return whole;
  if (kept.length === 0) return '';
  return ` (${kept.map(({ segment, separator }, i) => (i === 0 ? segment : `${separator ?? ', '}${segment}`)).join('')})`;
}

export function citeDecisions(text) {
  return text
    .replace(ISSUE_COMMA_ITEM, '$1 $2')
    .replace(SPLIT_ITEMS, (_, prefix, separator) => (separator ? `\n${prefix}(` : `\n${prefix}`))
    .replace(PAREN, withoutIssues)
    .replace(LEAD, (_, prefix, _issue, cite, first) => `${prefix}${cite ? `${cite}: ` : ''}${first.toUpperCase()}`)
    .replace(LEAD_CITE, (_, prefix, _issue, cite) => `${prefix}${cite}`)
    .replace(INLINE, '')
    .replace(PAREN_HEAD, '(')
    .replace(PAREN_AT_END, (_, prefix) => `\n${prefix}(`)
    .replace(COLON_CITE, ': ');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  let changed = 0;
  for (const folder of FOLDERS) {
    for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!SOURCE.test(file) || file.includes('node_modules') || file.includes('.artifacts') || file.includes('migrations')) continue;
      const full = path.join(folder, file);
      const before = fs.readFileSync(full, 'utf8');
      if (!/[Ii]ssues? [0-9]/.test(before)) continue;
      const after = citeDecisions(before);
      if (after !== before) {
        fs.writeFileSync(full, after);
        changed++;
      }
    }
  }
  console.log(`${changed} files rewritten`);
}
