import { Link } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/helpers/render-routes';
import { ConfirmDelete, useConfirm } from './confirm-delete';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';
import { SidePanel, usePanel } from './side-panel';

/** A workspace list page as the later issues will write one, with its panel and its confirmation. */
function ListPage() {
  const panel = usePanel();
  const confirm = useConfirm();
  return (
    <>
      <PageHeader
        title="Projects"
        description="All of them"
        actions={
          <Link to={panel.href('add')} className="button button-primary">
            Add Project
          </Link>
        }
      />
      <EmptyState title="No projects available">Nothing yet.</EmptyState>
      <Link to={panel.href('edit', 'p1')}>Edit</Link>
      <Link to={confirm.href('p1')}>Delete</Link>
      {panel.open ? (
        <SidePanel title={panel.open === 'edit' ? `Edit ${panel.item}` : 'Add project'} closeTo={panel.closeTo}>
          <p>the form</p>
        </SidePanel>
      ) : null}
      {confirm.id ? <ConfirmDelete what="project" id={confirm.id} name="Courtyard House" closeTo={confirm.closeTo} /> : null}
    </>
  );
}

const render = (url: string) => renderRoutes([{ path: '/workspace/project', element: <ListPage /> }], url);

describe('page header and empty state', () => {
  it('render the title, the line, the actions and the empty text', async () => {
    const html = await render('/workspace/project');
    expect(html).toMatch(/<h1>Projects<\/h1>/);
    expect(html).toContain('All of them');
    expect(html).toContain('href="/workspace/project?panel=add"');
    expect(html).toContain('No projects available');
    expect(html).not.toContain('role="dialog"');
  });
});

describe('side panel', () => {
  it('opens from the URL, and its links keep the page’s own parameters', async () => {
    const html = await render('/workspace/project?page=2');
    expect(html).toContain('href="/workspace/project?page=2&amp;panel=edit&amp;item=p1"');
    const open = await render('/workspace/project?page=2&panel=edit&item=p1');
    expect(open).toContain('role="dialog"');
    expect(open).toContain('Edit p1');
    expect(open).toMatch(/<a [^>]*aria-label="Close"[^>]*href="\/workspace\/project\?page=2"/);
  });
});

describe('delete confirmation', () => {
  it('asks in the spec’s words and posts the id with the delete intent; Cancel goes back', async () => {
    const html = await render('/workspace/project?page=2&confirm=p9');
    expect(html).toContain('Are you sure you want to delete this project? You can not undo.');
    expect(html).toContain('Courtyard House');
    expect(html).toMatch(/<form method="post"[^>]*>/);
    expect(html).toContain('<input type="hidden" name="id" value="p9"/>');
    expect(html).toMatch(/<button type="submit" name="intent" value="delete"/);
    expect(html).toMatch(/href="\/workspace\/project\?page=2"[^>]*>Cancel/);
  });

  it('asks the question it is given instead (the summary editor’s “Are you sure you want to delete this item?”)', async () => {
    const html = await renderRoutes(
      [{ path: '/s', element: <ConfirmDelete what="item" id="i1" closeTo="/s" question="Are you sure you want to delete this item?" /> }],
      '/s',
    );
    expect(html).toContain('<p>Are you sure you want to delete this item?</p>');
    expect(html).not.toContain('You can not undo');
  });

  it('is not there without ?confirm=', async () => {
    expect(await render('/workspace/project')).not.toContain('You can not undo');
  });
});
