import sharp from 'sharp';
import { openE2EDatabase } from './database';
import { newId } from '../../server/db/ids';
import { eq } from 'drizzle-orm';
import { taskAssignees, tasks, users } from '../../server/db/schema';
import { VERIFY } from '../../server/contract/vocabulary';
import { createEmployee, createWorkspaceProject } from '../../server/seed/factories';
import { E2E } from './env';
import { apiCall, lastMailTo, registerUser } from './fixtures';

/** Helpers of the workspace journeys: data made through the api (or the factories, for employees). */

/** A picture a person would upload (a JPEG with a gradient). */
export async function photoFile(name = 'house.jpg', color = '#c8783e') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><defs><linearGradient id="g"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1f3a5f"/></linearGradient></defs><rect width="800" height="500" fill="url(#g)"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/** A new firm account (an architect) with its api token. */
export async function newFirm() {
  return registerUser({ role: 'architect' });
}

/** A new firm the super-admin has approved: only those mail outside their own accounts. */
export async function newVerifiedFirm() {
  const firm = await newFirm();
  const database = await openE2EDatabase();
  try {
    await database.db.update(users).set({ isVerify: VERIFY.approved }).where(eq(users.id, firm.user.id));
  } finally {
    await database.close();
  }
  return firm;
}

/** The token of the newest welcome link mailed to `email`. */
export async function welcomeLinkTo(email: string): Promise<string> {
  const mail = await lastMailTo(email);
  const token = /\/confirm-account\/([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no welcome link in the mail to ${email}`);
  return token;
}

/** Confirms a new employee's account as its person would, through the api. */
export async function confirmEmployee(email: string) {
  const { status } = await apiCall('POST', `/employees/confirmation/${await welcomeLinkTo(email)}/confirm`);
  if (status !== 200) throw new Error(`confirming ${email} failed: ${status}`);
}

export type ProjectFields = Record<string, string | string[]>;

/** Creates a workspace project through the api (the spec's multipart form) as `token`'s firm. */
export async function createProject(token: string, fields: ProjectFields = {}): Promise<{ id: string; projectName: string }> {
  const values: ProjectFields = {
    projectName: 'Riverside Villa',
    projecttype: 'interior-residential',
    pincode: '320',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    designTeam: ['Architect', 'Designer'],
    clientname: 'Rhea Kapoor',
    clientdetails: 'A family of four; prefers warm materials.',
    address: '12 Lane 5, Koregaon Park',
    ...fields,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  const photo = await photoFile();
  form.append('profileImage', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
  const res = await fetch(`${E2E.apiURL}/api/projects`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 201) throw new Error(`create project failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string; projectName: string } }).data;
}

export async function addMember(token: string, projectId: string, member: { name: string; email: string }) {
  const { status } = await apiCall('POST', '/projects/members', { ...member, projectId }, token);
  if (status !== 201) throw new Error(`add member failed: ${status}`);
}

/**
 * An employee account of `firmId` (the employees api is not built yet: made with the factory,
 * straight in the end-to-end database), with a password to sign in with.
 */
export async function createEmployeeAccount(firmId: string, fields: { userName: string; password: string; isSubAdmin?: boolean }) {
  const database = await openE2EDatabase();
  try {
    const email = `employee-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
    return await createEmployee(database.db, firmId, { ...fields, email });
  } finally {
    await database.close();
  }
}

/** `count` tasks (finished unless told) the firm gave itself on a project, one a day from 1 January 2025 (the newest last), written directly. */
export async function finishedTasks(firmId: string, projectId: string, count: number, status: 'done' | 'review' = 'done') {
  const database = await openE2EDatabase();
  try {
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
    const rows = Array.from({ length: count }, (_, i) => ({
      id: newId(),
      firmId,
      projectId,
      creatorId: firmId,
      description: `${status === 'done' ? 'Finished' : 'Submitted'} task ${i + 1}`,
      status,
      createdAt: day(i),
      updatedAt: day(i),
      submittedAt: day(i),
      doneAt: status === 'done' ? day(i) : null,
    }));
    await database.db.insert(tasks).values(rows);
    await database.db.insert(taskAssignees).values(rows.map((t) => ({ taskId: t.id, userId: firmId })));
  } finally {
    await database.close();
  }
}

/**
 * `count` workspace projects of a firm, without photos, written directly: "Project 1" … one a
 * minute from 1 January 2025 (the newest last); `clientOf(n)` names a project's client.
 */
export async function manyProjects(firmId: string, count: number, clientOf: (n: number) => string = () => 'Rhea Kapoor') {
  const database = await openE2EDatabase();
  try {
    for (let n = 1; n <= count; n++) {
      await createWorkspaceProject(database.db, firmId, { projectName: `Project ${n}`, clientName: clientOf(n), createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000) });
    }
  } finally {
    await database.close();
  }
}
