import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../tests/helpers/render-routes';
import { ProjectImageGrid } from './project-detail';
import { ReadMore } from './read-more';
import { COLUMN_TITLES, STATUS_LABELS, TASK_COLUMNS } from '../../server/contract/tasks-rules';
import { DESIGNATIONS } from '../../server/contract/employees-rules';
import { fileFamily, previewKind } from '../../server/contract/files-rules';

/**
 * Texts and limits of workspace-and-admin.md that no journey pinned down (docs/spec-audit-workspace.md):
 * the project page's four previews with +N, Read More / Read Less, the task board's columns and
 * labels, the employee designations, and the file icon and preview families.
 */

const image = (n: number) => ({ w480: `/i/${n}-480.webp`, w960: `/i/${n}-960.webp`, w1600: `/i/${n}-1600.webp` });
const render = (element: JSX.Element) => renderRoutes([{ path: '/', element }], '/');

describe('the public project page (screen 15)', () => {
  it('shows up to 4 preview images, the fourth with +N for the others', async () => {
    const html = await render(<ProjectImageGrid images={[1, 2, 3, 4, 5, 6].map(image)} title="Courtyard House" hrefFor={(i) => `/?image=${i}`} />);
    expect(html.match(/class="image-grid-item"/g)).toHaveLength(4);
    expect(html).toMatch(/data-testid="more-images"[^>]*>\+<!-- -->2</);
    expect(html).not.toContain('/i/5-960.webp');
  });

  it('shows no +N when every image is shown', async () => {
    const html = await render(<ProjectImageGrid images={[1, 2, 3, 4].map(image)} title="Courtyard House" hrefFor={(i) => `/?image=${i}`} />);
    expect(html.match(/class="image-grid-item"/g)).toHaveLength(4);
    expect(html).not.toContain('more-images');
  });
});

describe('the firm portfolio’s details text (screen 14)', () => {
  it('has Read More / Read Less when it is long, and neither when it is short', async () => {
    const long = await render(<ReadMore text={'A studio of architects. '.repeat(20)} />);
    expect(long).toContain('Read More');
    expect(long).toContain('Read Less');
    expect(await render(<ReadMore text="A studio." />)).not.toContain('Read More');
  });
});

/**
 * The spec's own words, read from its documents (../shared/spec beside the repository), so these
 * texts are checked against the spec rather than against a second copy typed here. A clone
 * without the spec folder skips them.
 */
const SPEC_FOLDER = path.resolve(__dirname, '../../../shared/spec');
const hasSpec = fs.existsSync(path.join(SPEC_FOLDER, 'workspace-and-admin.md'));
const spec = (file: string) => fs.readFileSync(path.join(SPEC_FOLDER, file), 'utf8');
/** The comma-separated list after `lead` in `text` (after its colon, if any), up to the first full stop or semicolon. */
const listAfter = (text: string, lead: string) => {
  const at = text.indexOf(lead);
  expect(at, `the spec says "${lead}"`).toBeGreaterThanOrEqual(0);
  // Up to the full stop; what stands before a colon there is a remark: "(employees, second document):".
  const sentence = text.slice(at + lead.length).split(/[.;]/)[0]!;
  return sentence.slice(sentence.indexOf(':') + 1).split(',').map((item) => item.trim());
};

describe.skipIf(!hasSpec)('the task board (screen 9, section 4), as workspace-and-admin.md says', () => {
  it('has the spec’s four columns, in its order', () => {
    expect(TASK_COLUMNS.map((c) => COLUMN_TITLES[c])).toEqual(listAfter(spec('workspace-and-admin.md'), 'Taskboard: four columns'));
  });

  it('shows To Do and Given as the spec’s label, In Review and Done as theirs', () => {
    expect(spec('workspace-and-admin.md')).toContain(
      `Task columns: To Do and Given display as ${STATUS_LABELS.todo}, In Review as ${STATUS_LABELS.review}, Done as ${STATUS_LABELS.done}.`,
    );
  });
});

describe.skipIf(!hasSpec)('the employee form (screen 11), as both spec documents say', () => {
  it.each(['workspace-and-admin.md', 'showcase-and-accounts.md'])('offers the designations of %s, Other last', (file) => {
    expect(DESIGNATIONS).toEqual(listAfter(spec(file), 'Designation choices'));
  });
});

describe('file icons and previews (screen 5, section 9)', () => {
  it.each([
    ['image/jpeg', 'image', 'image'],
    ['image/png', 'image', 'image'],
    ['image/gif', 'image', 'image'],
    ['image/bmp', 'image', 'image'],
    // An SVG gets the image icon but is never shown (it can carry scripts, decision 094).
    ['image/svg+xml', 'image', 'none'],
    ['application/pdf', 'pdf', 'pdf'],
    ['video/mp4', 'video', 'video'],
    ['video/webm', 'video', 'video'],
    ['video/quicktime', 'video', 'video'],
    ['video/x-matroska', 'video', 'video'],
    ['video/x-ms-asf', 'video', 'video'],
    ['video/ogg', 'video', 'video'],
    ['video/x-msvideo', 'video', 'video'],
    ['audio/mpeg', 'audio', 'none'],
    ['audio/wav', 'audio', 'none'],
    ['audio/ogg', 'audio', 'none'],
    ['application/zip', 'other', 'none'],
  ])('%s: icon %s, preview %s', (type, family, preview) => {
    expect(fileFamily(type)).toBe(family);
    expect(previewKind(type)).toBe(preview);
  });
});
