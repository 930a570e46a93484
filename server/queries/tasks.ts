import { and, asc, count, desc, eq, exists, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { FirmMembership } from '../auth/firm.js';
import { TASK_LIMITS, type Task, type TaskColumn, type TaskStatus } from '../contract/tasks.js';
import { taskTitle } from '../contract/tasks-rules.js';
import type { Database } from '../db/connection.js';
import { members, projects, taskAssignees, taskFiles, tasks, users } from '../db/schema/index.js';
import { groupBy } from './rows.js';

/** Data access of tasks, their assignees and files (docs/decisions/111), and the task JSON. */

export type TaskRow = typeof tasks.$inferSelect;
export type TaskFileRow = typeof taskFiles.$inferSelect;
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export const taskFileKey = (taskId: string, fileId: string) => `tasks/${taskId}/${fileId}`;

/** The web's (and any client's) address of a task file's bytes. */
export const taskFileUrl = (fileId: string) => `/api/tasks/files/${fileId}/content`;

export async function insertTask(
  db: Db,
  task: typeof tasks.$inferInsert & { id: string },
  assigneeIds: string[],
  files: Array<Omit<typeof taskFiles.$inferInsert, 'taskId'>>,
) {
  const [row] = await db.insert(tasks).values(task).returning();
  await db.insert(taskAssignees).values(assigneeIds.map((userId) => ({ taskId: task.id, userId })));
  // One insert gives every row the same time: a millisecond apart keeps the files in upload order.
  const now = Date.now();
  if (files.length) await db.insert(taskFiles).values(files.map((f, i) => ({ ...f, taskId: task.id, createdAt: new Date(now + i) })));
  return row!;
}

/** Files an assignee sends back with a Submit, after the task's own. */
export async function insertDeliverables(db: Db, taskId: string, files: Array<Omit<typeof taskFiles.$inferInsert, 'taskId' | 'kind'>>) {
  const now = Date.now();
  if (files.length) await db.insert(taskFiles).values(files.map((f, i) => ({ ...f, taskId, kind: 'deliverable', createdAt: new Date(now + i) })));
}

export async function findTask(db: Db, id: string): Promise<(TaskRow & { assigneeIds: string[] }) | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  if (!row) return undefined;
  const assignees = await db.select({ userId: taskAssignees.userId }).from(taskAssignees).where(eq(taskAssignees.taskId, id));
  return { ...row, assigneeIds: assignees.map((a) => a.userId) };
}

/**
 * Moves a task from `from` to another status, only if it is still in `from` (two clicks at once:
 * the second finds it moved and answers the task as it is). Answers the row changed, or undefined.
 */
export async function moveTask(db: Db, id: string, from: TaskStatus, set: Partial<typeof tasks.$inferInsert>) {
  const [row] = await db
    .update(tasks)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(tasks.id, id), eq(tasks.status, from)))
    .returning();
  return row;
}

export async function findTaskFile(db: Db, id: string): Promise<TaskFileRow | undefined> {
  const [row] = await db.select().from(taskFiles).where(eq(taskFiles.id, id)).limit(1);
  return row;
}

/** Whether `userId` gave the task, was given it, or manages its firm: who may see it and its files. */
export function canSeeTask(task: TaskRow & { assigneeIds: string[] }, userId: string, firm: FirmMembership): boolean {
  if (task.firmId !== firm.firmId) return false;
  return firm.canManage || task.creatorId === userId || task.assigneeIds.includes(userId);
}

const isAssignedTo = (userId: string) =>
  exists(sql`(select 1 from ${taskAssignees} where ${taskAssignees.taskId} = ${tasks.id} and ${taskAssignees.userId} = ${userId})`);

/** The tasks `userId` gave or was given, in its firm (optionally only those due within [from, to]). */
function involving(userId: string, firmId: string) {
  return and(eq(tasks.firmId, firmId), or(eq(tasks.creatorId, userId), isAssignedTo(userId)))!;
}

/** Tasks as JSON, with their project, people and files in four queries whatever their number. */
async function toTaskJson(db: Db, rows: Array<TaskRow & { projectName: string }>, viewerId: string): Promise<Task[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const creatorIds = [...new Set(rows.map((r) => r.creatorId).filter((v): v is string => v !== null))];
  const [assignees, files, creators] = await Promise.all([
    db
      .select({ taskId: taskAssignees.taskId, id: users.id, name: users.userName })
      .from(taskAssignees)
      .innerJoin(users, eq(users.id, taskAssignees.userId))
      .where(inArray(taskAssignees.taskId, ids))
      .orderBy(asc(sql`lower(${users.userName})`)),
    db.select().from(taskFiles).where(inArray(taskFiles.taskId, ids)).orderBy(asc(taskFiles.createdAt), asc(taskFiles.id)),
    creatorIds.length ? db.select({ id: users.id, name: users.userName }).from(users).where(inArray(users.id, creatorIds)) : Promise.resolve([]),
  ]);
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  const assigneesOf = groupBy(assignees, (a) => a.taskId);
  const filesOf = groupBy(files, (f) => f.taskId);
  return rows.map((row) => {
    const to = (assigneesOf.get(row.id) ?? []).map(({ id, name }) => ({ id, name }));
    const isAssignee = to.some((p) => p.id === viewerId);
    const isCreator = row.creatorId === viewerId;
    const fileJson = (f: TaskFileRow) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, size: f.size, url: taskFileUrl(f.id) });
    const allFiles = filesOf.get(row.id) ?? [];
    return {
      id: row.id,
      project: { id: row.projectId, projectName: row.projectName },
      title: taskTitle(row),
      description: row.description,
      dueDate: row.dueDate,
      status: row.status as TaskStatus,
      rejectReason: row.rejectReason,
      from: row.creatorId ? (creatorById.get(row.creatorId) ?? null) : null,
      to,
      files: allFiles.filter((f) => f.kind !== 'deliverable').map(fileJson),
      submitNote: row.submitNote,
      deliverables: allFiles.filter((f) => f.kind === 'deliverable').map(fileJson),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      can: { submit: isAssignee && row.status === 'todo', approve: isCreator && row.status === 'review', reject: isCreator && row.status === 'review' },
    };
  });
}

const NEWEST_FIRST = [desc(tasks.updatedAt), desc(tasks.id)];

/** Tasks with their project's name; `limit` null for every one (a board's open tasks). */
async function selectTasks(db: Db, where: ReturnType<typeof and>, order = NEWEST_FIRST, limit: number | null = 500) {
  const query = db
    .select({ task: tasks, projectName: projects.projectName })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(where)
    .orderBy(...order);
  const rows = await (limit === null ? query : query.limit(limit));
  return rows.map((r) => ({ ...r.task, projectName: r.projectName }));
}

/**
 * The viewer's board (DESIGN.md section 9): To Do = assigned to me and open; Given = created by me
 * and open; In Review = submitted, mine either way; Done = mine either way, the newest `doneShown`
 * of `doneTotal` (decision 201). Every open task is on it, however long ago it last changed.
 */
export async function loadBoard(
  db: Db,
  userId: string,
  firmId: string,
  doneShown: number = TASK_LIMITS.doneShown,
): Promise<Record<TaskColumn, Task[]> & { doneTotal: number }> {
  const mine = involving(userId, firmId);
  const finished = and(mine, eq(tasks.status, 'done'));
  const [open, done, [counted]] = await Promise.all([
    selectTasks(db, and(mine, inArray(tasks.status, ['todo', 'review'])), NEWEST_FIRST, null),
    selectTasks(db, finished, NEWEST_FIRST, doneShown),
    db.select({ total: count() }).from(tasks).where(finished),
  ]);
  const all = await toTaskJson(db, [...open, ...done], userId);
  const mineToDo = (t: Task) => t.to.some((p) => p.id === userId);
  return {
    todo: all.filter((t) => t.status === 'todo' && mineToDo(t)),
    given: all.filter((t) => t.status === 'todo' && t.from?.id === userId && !mineToDo(t)),
    review: all.filter((t) => t.status === 'review'),
    done: all.filter((t) => t.status === 'done'),
    doneTotal: counted?.total ?? 0,
  };
}

export async function taskJson(db: Db, id: string, viewerId: string): Promise<Task> {
  const rows = await selectTasks(db, eq(tasks.id, id));
  return (await toTaskJson(db, rows, viewerId))[0]!;
}

/** The viewer's tasks due between two days (inclusive): the calendar's and the feed's. */
export async function tasksDueBetween(db: Db, userId: string, firmId: string, from: string, to: string) {
  const range = [gte(tasks.dueDate, from), lte(tasks.dueDate, to)];
  // The days are the bound (the calendar's six weeks, the feed's fifteen months): no row cap, which
  // would drop the latest due dates without a sign once someone had more.
  return selectTasks(db, and(involving(userId, firmId), ...range), [asc(tasks.dueDate), asc(tasks.id)], null);
}

/** The assignees who cannot open the project: plain employees whose email is not on its members list. */
export async function assigneesOutsideProject<P extends { email: string; isSubAdmin: boolean }>(db: Db, projectId: string, people: P[]): Promise<P[]> {
  const plain = people.filter((person) => !person.isSubAdmin);
  if (!plain.length) return [];
  const listed = await db.select({ email: members.email }).from(members).where(eq(members.projectId, projectId));
  const emails = new Set(listed.map((m) => m.email.toLowerCase()));
  return plain.filter((person) => !emails.has(person.email.toLowerCase()));
}
