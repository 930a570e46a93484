import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The security rules that live in one place stay there as the workspace adds forms:
 * every form is read through app/utils/form-data.server.ts (shape limits), every toast goes
 * through app/utils/toast.server.ts (signed cookie).
 */

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const app = sources('app').map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

describe('one place for each security rule of the web', () => {
  it('reads forms only through form-data.server.ts', () => {
    const offenders = app
      .filter(({ file }) => !file.endsWith(path.join('utils', 'form-data.server.ts')) && !file.endsWith(path.join('utils', 'uploads.server.ts')))
      .filter(({ text }) => /request\.formData\(\)/.test(text) || /import\s*\{[^}]*\bparseWithZod\b[^}]*\}\s*from '@conform-to\/zod/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('sets and reads toasts only through toast.server.ts', () => {
    const offenders = app.filter(({ file, text }) => !file.endsWith(path.join('utils', 'toast.server.ts')) && /from 'remix-toast'/.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
