import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { apiCall, DEMO, expect, loginAs, loginAsAdmin, ready, test } from './fixtures';
import { htmlErrors, type CheckedPage } from './html-checker';
import { firmWithSummary } from './summary-output-helpers';
import { openE2EDatabase } from './database';
import { newVerifiedFirm } from './workspace-helpers';
import { sharedFeeProposal } from './fee-helpers';
import { createContact } from '../../server/seed/chat-book';
import { createWorkspaceProject } from '../../server/seed/factories';
import { createInvoiceWithStatus } from '../../server/seed/reviews';

/**
 * Every page of the route map, each role, JavaScript on and off (the two projects): no serious or
 * critical axe-core violation, and a meta description (decision 145). A new page is one
 * line in PAGES. One browser context per role; sessions are made directly (loginAs).
 */

type Role = 'visitor' | 'explorer' | 'firm' | 'admin';
type Ids = { project: string; firm: string; workspaceProject: string; folder: string | null; invoice: string | null; order: { projectId: string; id: string } | null; lead: string | null; heldLead: string | null; review: string | null; portal: { contactId: string; path: string; invoice: string | null } | null; feeProposal: string };
type PageCase = { role: Role; name: string; path: (ids: Ids) => string | null };

const PAGES: PageCase[] = [
  { role: 'visitor', name: 'home (log in)', path: () => '/' },
  { role: 'visitor', name: 'home (sign up)', path: () => '/?view=signup' },
  { role: 'visitor', name: 'home (forgot password)', path: () => '/?view=forgot' },
  { role: 'visitor', name: 'admin login', path: () => '/admin/login' },
  // The sign-up mail's address link (docs/decisions/340): its page changes nothing until its button is pressed.
  { role: 'visitor', name: 'confirm address', path: () => '/confirm-address/audit-link-not-pressed' },
  // The showcase signed out (docs/decisions/385): the visitor header, share links, the Contact popup asking to sign in.
  { role: 'visitor', name: 'explore (signed out)', path: () => '/explore' },
  { role: 'visitor', name: 'project (signed out)', path: (ids) => `/explore/${ids.project}` },
  { role: 'visitor', name: 'firms (signed out)', path: () => '/firms' },
  { role: 'visitor', name: 'firm portfolio (signed out)', path: (ids) => `/firms/${ids.firm}` },
  { role: 'visitor', name: 'firm contact (signed out)', path: (ids) => `/firms/${ids.firm}?dialog=contact` },
  { role: 'visitor', name: 'firms by rating (signed out)', path: () => '/firms?sort=rating' },
  // A paid invoice's review link, as its client opens it (docs/decisions/409).
  { role: 'visitor', name: 'review a firm', path: (ids) => ids.review },
  // The demo client's portal (docs/decisions/390): what the client opens from WhatsApp, the code page, an invoice to pay.
  { role: 'visitor', name: 'client portal', path: (ids) => ids.portal?.path ?? null },
  { role: 'visitor', name: 'client portal: confirm it is you', path: (ids) => (ids.portal ? `${ids.portal.path}/prove` : null) },
  { role: 'visitor', name: 'client portal: an invoice', path: (ids) => (ids.portal?.invoice ? `${ids.portal.path}/invoices/${ids.portal.invoice}` : null) },
  // A fee proposal shared for acceptance (docs/decisions/421), and the portal that lists it.
  { role: 'visitor', name: 'client portal: a fee proposal', path: (ids) => ids.feeProposal },
  { role: 'visitor', name: 'log in, back to a page', path: (ids) => `/?view=login&redirectTo=${encodeURIComponent(`/firms/${ids.firm}?dialog=contact`)}` },
  { role: 'explorer', name: 'explore', path: () => '/explore' },
  { role: 'explorer', name: 'explore page 2', path: () => '/explore?page=2' },
  { role: 'explorer', name: 'search results', path: () => '/explore/search?search=house' },
  { role: 'explorer', name: 'project', path: (ids) => `/explore/${ids.project}` },
  { role: 'explorer', name: 'project carousel', path: (ids) => `/explore/${ids.project}?dialog=carousel&image=0` },
  { role: 'explorer', name: 'firms', path: () => '/firms' },
  { role: 'explorer', name: 'firm portfolio', path: (ids) => `/firms/${ids.firm}` },
  { role: 'explorer', name: 'firm contact', path: (ids) => `/firms/${ids.firm}?dialog=contact` },
  { role: 'explorer', name: 'register firm dialog', path: () => '/explore?dialog=register-firm' },
  { role: 'explorer', name: 'explorer setting', path: () => '/setting' },
  { role: 'firm', name: 'portfolio', path: () => '/portfolio' },
  { role: 'firm', name: 'profile dialog', path: () => '/portfolio?dialog=profile' },
  { role: 'firm', name: 'add project', path: () => '/portfolio/add-project' },
  { role: 'firm', name: 'edit project', path: (ids) => `/portfolio/edit-project/${ids.project}` },
  { role: 'firm', name: 'workspace', path: () => '/workspace' },
  { role: 'firm', name: 'workspace projects', path: () => '/workspace/project' },
  { role: 'firm', name: 'project files', path: (ids) => `/workspace/project/files/${ids.workspaceProject}` },
  { role: 'firm', name: 'folder files', path: (ids) => (ids.folder ? `/workspace/project/filesdetails/${ids.workspaceProject}/${ids.folder}` : null) },
  { role: 'firm', name: 'project members', path: (ids) => `/workspace/project/member/${ids.workspaceProject}` },
  { role: 'firm', name: 'schedules', path: (ids) => `/workspace/project/schedules/${ids.workspaceProject}` },
  { role: 'firm', name: 'summary and financials', path: (ids) => `/workspace/project/schedules/summary-financial/${ids.workspaceProject}` },
  { role: 'firm', name: 'financial overview', path: () => '/workspace/project/schedules/Financial' },
  { role: 'firm', name: 'accounting exports', path: () => '/workspace/project/schedules/Financial/accounting-exports' },
  { role: 'firm', name: 'employees', path: () => '/workspace/employee' },
  { role: 'firm', name: 'task board', path: () => '/workspace/taskboard' },
  { role: 'firm', name: 'calendar', path: () => '/workspace/calendar' },
  { role: 'firm', name: 'address book', path: () => '/workspace/address-book' },
  { role: 'firm', name: 'group chat', path: (ids) => `/workspace/group-chat/${ids.workspaceProject}` },
  { role: 'firm', name: 'setting', path: () => '/workspace/setting' },
  { role: 'firm', name: 'demand box', path: () => '/workspace/demandbox' },
  { role: 'firm', name: 'enquiry', path: (ids) => (ids.lead ? `/workspace/demandboxdetails?id=${ids.lead}` : null) },
  // Held enquiries with their Release buttons (docs/decisions/340).
  { role: 'firm', name: 'reviews', path: () => '/workspace/reviews' },
  { role: 'firm', name: 'demand box held', path: () => '/workspace/demandbox?view=held' },
  { role: 'firm', name: 'held enquiry', path: (ids) => (ids.heldLead ? `/workspace/demandboxdetails?id=${ids.heldLead}` : null) },
  { role: 'firm', name: 'billing profile', path: () => '/workspace/setting/billing' },
  { role: 'firm', name: 'pricing', path: () => '/workspace/pricing' },
  { role: 'firm', name: 'project library', path: () => '/workspace/project-library' },
  { role: 'firm', name: 'client board', path: () => '/workspace/client-board' },
  { role: 'firm', name: 'invoices', path: () => '/workspace/invoices' },
  { role: 'firm', name: 'new invoice', path: () => '/workspace/invoices/new' },
  { role: 'firm', name: 'TDS by client and quarter', path: () => '/workspace/invoices/tds' },
  { role: 'firm', name: 'invoice', path: (ids) => (ids.invoice ? `/workspace/invoices/${ids.invoice}` : null) },
  { role: 'firm', name: 'purchase orders', path: (ids) => `/workspace/project/purchase-orders/${ids.order?.projectId ?? ids.workspaceProject}` },
  { role: 'firm', name: 'purchase order', path: (ids) => (ids.order ? `/workspace/project/purchase-orders/${ids.order.projectId}/order/${ids.order.id}` : null) },
  { role: 'firm', name: 'fees', path: (ids) => `/workspace/project/fees/${ids.workspaceProject}` },
  { role: 'firm', name: 'project time', path: (ids) => `/workspace/project/time/${ids.workspaceProject}` },
  { role: 'firm', name: 'timesheet', path: () => '/workspace/timesheet' },
  { role: 'firm', name: 'client portal of a contact', path: (ids) => (ids.portal ? `/workspace/address-book/${ids.portal.contactId}/portal` : null) },
  { role: 'firm', name: 'project expenses', path: (ids) => `/workspace/project/expenses/${ids.workspaceProject}` },
  // What the project made (docs/decisions/379): the figures, time by stage, the chart and its table.
  { role: 'firm', name: 'project result', path: (ids) => `/workspace/project/result/${ids.workspaceProject}` },
  { role: 'admin', name: 'admin verification', path: () => '/admin/dashboard' },
  { role: 'admin', name: 'admin workspace', path: () => '/admin/workspace' },
  { role: 'admin', name: 'admin showcase', path: () => '/admin/showcase' },
  { role: 'admin', name: 'admin reviews', path: () => '/admin/reviews' },
  { role: 'admin', name: 'admin sub-admins', path: () => '/admin/sub-admins' },
  { role: 'admin', name: 'admin setting', path: () => '/admin/setting' },
  { role: 'admin', name: 'admin billing profile', path: () => '/admin/setting/billing' },
];

const SERIOUS = new Set(['serious', 'critical']);

async function demoIds(): Promise<Ids> {
  const login = await apiCall<{ token: string; data: { id: string } }>('POST', '/users/login', { email: DEMO.firm, password: 'demo1234' });
  const token = login.json.token;
  const portfolio = await apiCall<{ projects: Array<{ id: string }> }>('GET', '/projects/portfolio', undefined, token);
  const workspace = await apiCall<{ data: Array<{ id: string }> }>('GET', '/projects', undefined, token);
  const workspaceProject = workspace.json.data[0]!.id;
  const folders = await apiCall<{ data?: { folders?: Array<{ id: string }> } | Array<{ id: string }> }>('GET', `/projects/folder/${workspaceProject}`, undefined, token);
  const list = Array.isArray(folders.json.data) ? folders.json.data : (folders.json.data?.folders ?? []);
  const leads = await apiCall<{ data: { leads: Array<{ id: string }> } }>('GET', '/leads', undefined, token);
  const held = await apiCall<{ data: { leads: Array<{ id: string }> } }>('GET', '/leads?view=held', undefined, token);
  const invoices = await apiCall<{ data: Array<{ id: string }> }>('GET', '/invoices', undefined, token);
  let order: Ids['order'] = null;
  for (const { id: projectId } of workspace.json.data) {
    const orders = await apiCall<{ data: { orders: Array<{ id: string }> } }>('GET', `/purchase-orders?projectId=${projectId}`, undefined, token);
    const first = orders.json.data.orders[0];
    if (first) {
      order = { projectId, id: first.id };
      break;
    }
  }
  return { portal: await demoPortal(token), review: await reviewLink(), feeProposal: (await sharedFeeProposal('Audited clinic')).proposalPath, project: portfolio.json.projects[0]!.id, firm: login.json.data.id, workspaceProject, folder: list[0]?.id ?? null, invoice: invoices.json.data[0]?.id ?? null, order, lead: leads.json.data.leads[0]?.id ?? null, heldLead: held.json.data.leads[0]?.id ?? null };
}

/** The demo client's portal (seeded; making it again gives the same address) and its invoice. */
async function demoPortal(token: string): Promise<Ids['portal']> {
  const found = await apiCall<{ data: { contacts: Array<{ id: string }> } }>('GET', '/contacts?q=Rhea%20Kapoor', undefined, token);
  const contactId = found.json.data.contacts[0]?.id;
  if (!contactId) return null;
  const made = await apiCall<{ data: { path: string } }>('POST', `/contacts/${contactId}/portal`, undefined, token);
  const portal = await apiCall<{ data: { invoices: Array<{ id: string }> } }>('GET', `/contacts/${contactId}/portal`, undefined, token);
  return { contactId, path: made.json.data.path, invoice: portal.json.data.invoices[0]?.id ?? null };
}

/** The review page of a new firm's paid invoice (not the demo's: its figures stay as they are). */
async function reviewLink(): Promise<string> {
  const firm = await newVerifiedFirm();
  const database = await openE2EDatabase();
  try {
    const project = await createWorkspaceProject(database.db, firm.user.id, { projectName: 'Audited flat' });
    const contact = await createContact(database.db, firm.user.id, { name: 'Audit Client' });
    const invoice = await createInvoiceWithStatus(database.db, firm.user.id, { projectId: project.id, contactId: contact.id });
    const made = await apiCall<{ data: { path: string } }>('POST', '/reviews/invitations', { invoiceId: invoice.id }, firm.token);
    return made.json.data.path;
  } finally {
    await database.close();
  }
}

async function signIn(page: Page, role: Role) {
  if (role === 'explorer') await loginAs(page, DEMO.explorer);
  if (role === 'firm') await loginAs(page, DEMO.firm);
  if (role === 'admin') await loginAsAdmin(page);
}

/**
 * The serious and critical violations of one page, as readable lines. Legacy mode runs axe in the
 * page itself; the default opens a blank page for every audit to merge the frames' results (our
 * pages have no cross-origin frames), and with the passes returned too an audit took 2.2 s instead of 0.9.
 */
async function audit(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** How the page is wider than the window, naming the widest elements that stick out; null when it fits. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const out = [...document.body.querySelectorAll('*')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 1)
      .slice(-3)
      .map(({ element, right }) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ends at ${Math.round(right)} px`);
    return `${document.documentElement.scrollWidth} px wide: ${out.join('; ')}`;
  });

/** Ids that more than one element of the page carries. */
const duplicateIds = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });

/**
 * With scripting on, a <noscript>'s content is only text: put it in the page as a browser without
 * JavaScript shows it, so it is audited too.
 */
async function showNoscriptContent(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('noscript')) element.replaceWith(document.createRange().createContextualFragment(element.textContent ?? ''));
  });
}

/** A browser context to audit in, with JavaScript or as a browser without it. */
async function auditContext(browser: Browser, js: boolean) {
  // axe runs as a script in the page, so the no-JavaScript pages are audited with JavaScript on but
  // the app's scripts refused: what is audited is the server's HTML, never hydrated. JavaScript is
  // turned on explicitly: a context made in the test inherits the project's `javaScriptEnabled:
  // false`, and there axe's timers never fire, so its run never ended (decision 158).
  const context = await browser.newContext({ javaScriptEnabled: true });
  if (!js) await context.route(/\.js(\?|$)/, (route) => route.abort());
  return context;
}

/**
 * One page as audited: the server's HTML (hydrated with JavaScript), with a <noscript>'s content
 * shown without. Returns the HTML as the server sent it, for the Nu Html Checker.
 */
async function openAudited(page: Page, path: string, js: boolean): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  const html = await response!.text();
  await ready(page, js);
  if (!js) await showNoscriptContent(page);
  return html;
}

async function checkRole(browser: Browser, js: boolean, role: Role) {
  const ids = await demoIds();
  const context = await auditContext(browser, js);
  const page = await context.newPage();
  await signIn(page, role);
  const problems: string[] = [];
  const served: CheckedPage[] = [];
  for (const entry of PAGES.filter((p) => p.role === role)) {
    const path = entry.path(ids);
    if (!path) continue;
    served.push({ name: `${entry.name} (${path})`, html: await openAudited(page, path, js) });
    // A short timeout: without one, a page with no description would wait for it for ever.
    const description = await page.locator('meta[name="description"]').first().getAttribute('content', { timeout: 1_000 }).catch(() => null);
    if (!description?.trim()) problems.push(`${entry.name} (${path}): no meta description`);
    for (const line of await audit(page)) problems.push(`${entry.name} (${path}): ${line}`);
    // axe no longer reports an id used twice unless ARIA refers to it; a label's `for` may still.
    for (const id of await duplicateIds(page)) problems.push(`${entry.name} (${path}): the id "${id}" is used more than once`);
  }
  // The same pages on a phone: none may scroll sideways (a wide table scrolls in its own box).
  await page.setViewportSize({ width: 375, height: 800 });
  for (const entry of PAGES.filter((p) => p.role === role)) {
    const path = entry.path(ids);
    if (!path) continue;
    await openAudited(page, path, js);
    const overflow = await sidewaysOverflow(page);
    if (overflow) problems.push(`${entry.name} (${path}) at 375 px: scrolls sideways, ${overflow}`);
  }
  await context.close();
  // The server's HTML is the same whichever project asks, so it is checked once, in the js project.
  if (js) problems.push(...(await htmlErrors(served)));
  expect(problems, problems.join('\n')).toEqual([]);
}

// The demo firm's schedules have no summary: the editor's rows (one form each, decision 215) are audited on a furnished one.
test('no serious or critical axe violations on the summary editor with rooms, sections and items, in each of its views', async ({ browser, js }) => {
  test.slow();
  const { firm, project, schedule } = await firmWithSummary();
  const problems: string[] = [];
  const served: CheckedPage[] = [];
  const link = await apiCall<{ data: { path: string } }>('POST', `/projects/schedules/${schedule.id}/share-links`, { clientName: 'Mrs Desai' }, firm.token);
  expect(link.status).toBe(201);
  // An item decided twice: its decision, its folded earlier one and every item's form are audited (docs/decisions/412).
  const shareToken = link.json.data.path.replace('/share/', '');
  const shared = await apiCall<{ data: { rooms: Array<{ sections: Array<{ items: Array<{ id: string }> }> }> } }>('GET', `/share/${shareToken}`);
  const itemId = shared.json.data.rooms[0]!.sections[0]!.items[0]!.id;
  for (const body of [{ decision: 'rejected', comment: 'Too dark' }, { decision: 'approved', comment: 'Better now' }]) expect((await apiCall('POST', `/share/${shareToken}/items/${itemId}/decision`, body)).status).toBe(200);
  const views = ['', '&tab=financial', '&edit=1'].map((view) => `/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}${view}`);
  // The client's page of the share link, as the client sees it: not signed in.
  for (const [paths, signedIn] of [[views, true], [[link.json.data.path], false]] as const) {
    const context = await auditContext(browser, js);
    const page = await context.newPage();
    if (signedIn) await loginAs(page, firm.email, firm.password);
    for (const path of paths) {
      served.push({ name: path, html: await openAudited(page, path, js) });
      for (const line of await audit(page)) problems.push(`${path}: ${line}`);
      for (const id of await duplicateIds(page)) problems.push(`${path}: the id "${id}" is used more than once`);
    }
    await context.close();
  }
  if (js) problems.push(...(await htmlErrors(served)));
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the HTML checker itself reports an error: a form inside a span', { tag: '@js-only' }, async () => {
  const html = '<!doctype html><html lang="en"><head><title>Checker</title></head><body><main><h1>Checker</h1><span><form action="/x"><button>Go</button></form></span></main></body></html>';
  const errors = await htmlErrors([{ name: 'sample', html }]);
  expect(errors).toEqual([expect.stringMatching(/^sample, line 1: Element .form. not allowed as child of element .span./)]);
});

test('the audit itself reports a serious violation: a button without a name', { tag: '@js-only' }, async ({ page }) => {
  await page.setContent('<!doctype html><html lang="en"><head><title>Audit</title></head><body><main><h1>Audit</h1><button></button></main></body></html>');
  expect(await audit(page)).toEqual([expect.stringMatching(/^critical button-name: button$/)]);
});

for (const role of ['visitor', 'explorer', 'firm', 'admin'] as const) {
  test(`no serious or critical axe violations on the ${role}'s pages`, async ({ browser, js }) => {
    // About a second a page on an idle machine; the limit allows for a loaded one.
    test.setTimeout(600_000);
    await checkRole(browser, js, role);
  });
}

// The demo firm's project has no fee agreement: the Fees tab with a version shared is audited on a firm of its own (docs/decisions/421).
test('no serious or critical axe violations on the Fees tab with a fee proposal shared', async ({ browser, js }) => {
  const { firm, project } = await sharedFeeProposal('Audited fees');
  const context = await auditContext(browser, js);
  const page = await context.newPage();
  await loginAs(page, firm.email, firm.password);
  await openAudited(page, `/workspace/project/fees/${project.id}`, js);
  await expect(page.getByTestId('fee-proposal')).toHaveCount(1);
  const problems = [...(await audit(page)), ...(await duplicateIds(page)).map((id) => `the id "${id}" is used more than once`)];
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await sidewaysOverflow(page);
  if (overflow) problems.push(`at 375 px: scrolls sideways, ${overflow}`);
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});

test.describe('keyboard', () => {
  test('a popup takes the focus, Escape closes it and the focus returns to its link', { tag: '@js-only' }, async ({ page, js }) => {
    const ids = await demoIds();
    await loginAs(page, DEMO.explorer);
    await page.goto(`/firms/${ids.firm}`);
    await ready(page, js);
    const opener = page.getByRole('link', { name: /contact/i }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('the carousel takes the focus, arrows move, Escape closes it and the focus returns to its image', { tag: '@js-only' }, async ({ page, js }) => {
    const ids = await demoIds();
    await loginAs(page, DEMO.explorer);
    await page.goto(`/explore/${ids.project}`);
    await ready(page, js);
    const opener = page.getByTestId('image-grid').getByRole('link').first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expect(dialog).toContainText('1 /');
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toContainText('2 /');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('the header search is a combobox: typing opens its list, Escape closes it and the focus stays in the box', { tag: '@js-only' }, async ({ page, js }) => {
    await loginAs(page, DEMO.explorer);
    await page.goto('/explore');
    await ready(page, js);
    const box = page.getByRole('combobox', { name: /search/i });
    await box.focus();
    await box.pressSequentially('house');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const listId = await box.getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    await expect(page.locator(`[id="${listId}"]`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toBeFocused();
  });
});
