import { count } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { users } from '../db/schema/index.js';
import { VERIFY } from '../contract/vocabulary.js';
import { createFirm, createUser } from './factories.js';
import { seedShowcase } from './showcase.js';
import { seedDemoPlans } from './plans.js';
import { DEMO_PENDING_FIRM, seedPendingFirm } from './firm-registrations.js';
import { seedDemoSchedules } from './schedules.js';
import { seedDemoSummaries } from './summary.js';
import { seedWorkspace, type SeededWorkspace } from './workspace.js';
import { seedDemoTasks } from './tasks.js';
import { seedChatBook } from './chat-book.js';
import { seedDemoReviews } from './demo-reviews.js';
import { createPlatformBillingProfile, seedDemoBilling } from './billing.js';
import { seedDemoFees } from './fees.js';
import { seedDemoInvoices } from './invoices.js';
import { seedDemoPortal } from './portal.js';
import { seedDemoPurchaseOrders } from './purchase-orders.js';
import { seedProjectFiles } from './workspace-files.js';
import { seedDemoLeads } from './leads.js';
import { seedDemoModeration } from './moderation.js';

export const DEMO_PASSWORD = 'demo1234';

const DEMO_FIRMS = [
  {
    userName: 'Asha Mehta',
    email: 'studio@demo.test',
    // The public contact email, apart from the login (decision 142).
    businessEmail: 'hello@mehta-studio.example',
    firmName: 'Mehta Studio Architects',
    role: 'architect',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    contactNo: '9820012345',
    website: 'https://mehta-studio.example',
    userDetails: 'A Pune practice designing calm, daylight-filled homes and civic buildings since 2009.',
    teams: [
      { name: 'Asha Mehta', role: 'Architect' },
      { name: 'Rohan Kulkarni', role: 'Engineer' },
    ],
  },
  {
    userName: 'Kabir Sethi',
    email: 'interiors@demo.test',
    // The public contact email, apart from the login (decision 142).
    businessEmail: 'contact@sethi-interiors.example',
    firmName: 'Sethi Interiors',
    role: 'interiorDesigner',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    contactNo: '9845067890',
    website: null,
    userDetails: 'Interiors for workplaces, clinics and hotels, with a focus on local materials.',
    teams: [{ name: 'Kabir Sethi', role: 'Designer' }],
  },
  {
    userName: 'Nina Rao',
    email: 'atelier@demo.test',
    // The public contact email, apart from the login (decision 142).
    businessEmail: 'studio@rao-atelier.example',
    firmName: 'Rao Atelier',
    role: 'architectureAndInterior',
    country: 'India',
    state: 'Delhi',
    city: 'New Delhi',
    contactNo: '9811122233',
    website: 'https://rao-atelier.example',
    userDetails: 'Architecture and interiors under one roof: from the master plan to the door handle.',
    teams: [
      { name: 'Nina Rao', role: 'Architect' },
      { name: 'Dev Anand', role: 'Manager' },
    ],
  },
] as const;

/** Whether the demo data set would be seeded: the database has no users yet. */
export async function demoSeedNeeded(db: AppContext['db']): Promise<boolean> {
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  return Number(n) === 0;
}

/** Seeds the demo data set when the database has no users; returns the logins to print, or null. */
/** What the seed is given: the database, the file storage where pictures go, and who hears its progress. */
type SeedContext = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'storage'>> & { progress?: (line: string) => void; config?: Pick<AppContext['config'], 'SHARE_LINK_KEY' | 'PUBLIC_URL'> };

export async function seedDemoIfEmpty(ctx: SeedContext) {
  if (!(await demoSeedNeeded(ctx.db))) return null;
  return seedDemo(ctx);
}

export { demoLoginsFile } from './demo-logins-file.js';

/** What a start prints after seeding: the demo logins and their password. */
export const demoLoginsText = (seeded: { password: string; logins: string[] }) =>
  `\nDemo logins (password for all: ${seeded.password}):\n${seeded.logins.map((l) => `  ${l}`).join('\n')}\n`;

export async function seedDemo(ctx: SeedContext) {
  const { db } = ctx;
  // A first start seeds for about a minute: a line per step, so it never looks stuck.
  const steps = 6;
  let done = 0;
  const step = (what: string) => ctx.progress?.(`[seed] ${++done}/${steps} ${what}`);
  step('accounts, firms and plans');
  await createUser(db, { userName: 'Eva Explorer', email: 'explorer@demo.test', password: DEMO_PASSWORD, role: 'explorer' });
  const admin = await createUser(db, { userName: 'Platform Admin', email: 'admin@demo.test', password: DEMO_PASSWORD, role: 'explorer', isSuperAdmin: true });
  const firms = [];
  for (const firm of DEMO_FIRMS) {
    firms.push(await createFirm(db, { ...firm, teams: [...firm.teams], firmType: firm.role, password: DEMO_PASSWORD, isVerify: VERIFY.approved }));
  }
  // Plans: studio and interiors paid for a year, atelier without a plan.
  await seedDemoPlans(db, firms);
  step('the showcase: profile photos and public projects with their pictures');
  // Profile photos and public projects with generated pictures (needs the file storage).
  if (ctx.storage) await seedShowcase({ db, storage: ctx.storage }, firms);
  // One more public project, hidden by the super-admin with a reason (the Showcase moderation page; needs the file storage).
  if (ctx.storage) await seedDemoModeration({ db, storage: ctx.storage }, firms, admin.id);
  // A firm registration waiting for the super-admin, with a generated PDF (needs the file storage).
  if (ctx.storage) await seedPendingFirm(db, ctx.storage, DEMO_PASSWORD);
  step('the workspace: projects, members, employees and files');
  // The workspace: two private projects per firm with photos and members, and an employee (needs the file storage).
  const workspace: SeededWorkspace = ctx.storage ? await seedWorkspace({ db, storage: ctx.storage }, firms, DEMO_PASSWORD) : { projects: [], employees: [] };
  // Their folders and files: a PDF plan, two pictures and a short video each.
  if (ctx.storage) for (const [index, project] of workspace.projects.entries()) await seedProjectFiles({ db, storage: ctx.storage }, project, project.userId, { seed: index + 1 });
  step('schedules with their pictures, tasks and summaries');
  // Two or three schedules with generated pictures in each of those projects (needs the file storage).
  if (ctx.storage) await seedDemoSchedules({ db, storage: ctx.storage }, workspace.projects);
  // A few tasks per firm for its employee, due around today (needs the file storage).
  if (ctx.storage) await seedDemoTasks({ db, storage: ctx.storage }, workspace);
  // A summary (rooms, sections, items with figures) in each firm's first schedule.
  if (ctx.storage) await seedDemoSummaries({ db, storage: ctx.storage }, workspace.projects);
  step('enquiries, contacts and Group Chat');
  // The demand box: enquiries to each firm, some read, answered or handled.
  await seedDemoLeads(db, firms);
  // Address Book contacts for each firm and a short Group Chat on each firm's first project.
  await seedChatBook(db, firms, workspace);
  // Reviews from clients of the first two firms, one answered (the directory's rating sort).
  await seedDemoReviews(db, firms);
  step('billing profiles, invoices, payments and purchase orders');
  // Each firm's billing profile; its clients and suppliers are among the contacts above.
  await seedDemoBilling(db, firms);
  // One issued invoice with a part payment per firm.
  await seedDemoInvoices(db, firms, workspace.projects);
  // One purchase order per firm to its supplier, from the approved items of its demo summary.
  await seedDemoPurchaseOrders(db, workspace.projects);
  // The demo architecture firm's fee agreement on the COA scale, two stages billed.
  await seedDemoFees(db, firms, workspace.projects);
  // The platform's own billing profile, so Pricing → Continue issues a subscription invoice.
  await createPlatformBillingProfile(db, admin.id);
  // The first firm's client has a portal with its invoice and a schedule to approve.
  const portal = await seedDemoPortal(db, firms[0]!, ctx.config?.SHARE_LINK_KEY);
  return {
    workspace,
    password: DEMO_PASSWORD,
    logins: [
      'explorer@demo.test     (explorer)',
      ...DEMO_FIRMS.map((f) => `${f.email.padEnd(22)} (firm: ${f.firmName})`),
      ...workspace.employees.map((e) => `${e.email.padEnd(22)} (employee of ${e.firmEmail}, member of ${e.projectName})`),
      ...(ctx.storage ? [`${DEMO_PENDING_FIRM.email.padEnd(22)} (firm waiting for verification: ${DEMO_PENDING_FIRM.firmName})`] : []),
      'admin@demo.test        (super-admin, at /admin/login)',
      ...(portal ? [`Client portal of ${portal.clientName} (${DEMO_FIRMS[0]!.email}'s client, no login): ${(ctx.config?.PUBLIC_URL ?? '').replace(/\/+$/, '')}${portal.path}`] : []),
    ],
  };
}
