import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { TaskStatus } from '../contract/tasks-rules.js';
import { newId } from '../db/ids.js';
import { users } from '../db/schema/index.js';
import { insertTask, taskFileKey } from '../queries/tasks.js';
import type { SeededWorkspace } from './workspace.js';

/**
 * Tasks for the tests and the demo seed (docs/decisions/111), through the same rows and private
 * storage as the api's Add Task.
 */

type TaskFixture = {
  firmId: string;
  projectId: string;
  creatorId: string | null;
  assigneeIds: string[];
  description?: string;
  dueDate?: string | null;
  status?: TaskStatus;
  rejectReason?: string | null;
  files?: Array<{ fileName: string; data: Buffer; contentType: string }>;
  createdAt?: Date;
};

let counter = 0;

export async function createTask(ctx: Pick<AppContext, 'db' | 'storage'>, fixture: TaskFixture) {
  counter += 1;
  const id = newId();
  const files = fixture.files ?? [{ fileName: `brief-${counter}.txt`, data: Buffer.from(`Brief ${counter}\n`), contentType: 'text/plain' }];
  const rows = [];
  for (const file of files) {
    const fileId = newId();
    const storageKey = taskFileKey(id, fileId);
    await ctx.storage.put('private', storageKey, file.data, { contentType: file.contentType });
    rows.push({ id: fileId, fileName: file.fileName, storageKey, contentType: file.contentType, size: file.data.length });
  }
  const status = fixture.status ?? 'todo';
  const now = fixture.createdAt ?? new Date();
  return insertTask(
    ctx.db,
    {
      id,
      firmId: fixture.firmId,
      projectId: fixture.projectId,
      creatorId: fixture.creatorId,
      description: fixture.description ?? `Task ${counter}`,
      dueDate: fixture.dueDate === undefined ? null : fixture.dueDate,
      status,
      rejectReason: fixture.rejectReason ?? null,
      submittedAt: status === 'todo' ? null : now,
      doneAt: status === 'done' ? now : null,
      createdAt: now,
      updatedAt: now,
    },
    fixture.assigneeIds,
    rows,
  );
}

/** A day `days` from today as YYYY-MM-DD (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const PLAN = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

/**
 * A few tasks per demo firm, on its first workspace project (the one its employee is a member of):
 * one given to the employee (To Do), one it submitted (In Review), one sent back with a reason and
 * one done, with due dates around today so the calendar shows them.
 */
export async function seedDemoTasks(ctx: Pick<AppContext, 'db' | 'storage'>, workspace: SeededWorkspace) {
  for (const employee of workspace.employees) {
    const project = workspace.projects.find((p) => p.firmEmail === employee.firmEmail && p.projectName === employee.projectName);
    const [account] = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${employee.email.toLowerCase()}`);
    if (!project || !account) continue;
    const base = { firmId: project.userId, projectId: project.id, creatorId: project.userId, assigneeIds: [account.id] };
    const pdf = { fileName: 'site-plan.pdf', data: Buffer.from(PLAN), contentType: 'application/pdf' };
    const notes = { fileName: 'client-notes.txt', data: Buffer.from('Client wants more daylight in the living room.\n'), contentType: 'text/plain' };
    await createTask(ctx, { ...base, description: 'Revise the ground floor plan with the larger kitchen the client asked for.', dueDate: dayFromNow(3), files: [pdf, notes] });
    await createTask(ctx, { ...base, description: 'Prepare the door and window schedule for the tender set.', dueDate: dayFromNow(7), status: 'review', files: [pdf] });
    await createTask(ctx, {
      ...base,
      description: 'Photograph the site before demolition starts.',
      dueDate: dayFromNow(-2),
      rejectReason: 'Please add photos of the north boundary wall too.',
      files: [notes],
    });
    await createTask(ctx, { ...base, description: 'Measure the existing staircase.', dueDate: dayFromNow(-6), status: 'done', files: [notes] });
  }
}
