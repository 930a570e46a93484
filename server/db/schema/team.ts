import {
  bigint,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';
import { projects } from './projects';

// Team: tasks and the calendar feed (docs/decisions/110-114) ----------

/**
 * A task of a workspace project (DESIGN.md section 9 "Tasks"): given by `creatorId` to one or more
 * employees of the firm (task_assignees), with files (task_files). Status: 'todo' → 'review'
 * (an assignee submits) → 'done' (the creator approves), or back to 'todo' with `rejectReason`.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    /** The firm account: every task belongs to one firm. */
    firmId: text('firm_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Who gave it; kept (null) when that account goes. */
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** A short title (beyond the spec); null on older tasks, which show their description's first words. */
    title: text('title'),
    description: text('description').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status').notNull().default('todo'),
    /** The creator's reason for the last rejection, shown on the To Do card until it is submitted again. */
    rejectReason: text('reject_reason'),
    /** The assignee's note with the last Submit, shown to the creator while it is reviewed. */
    submitNote: text('submit_note'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_firm_idx').on(t.firmId, t.dueDate),
    index('tasks_project_idx').on(t.projectId),
    index('tasks_creator_idx').on(t.creatorId, t.status),
    index('tasks_status_idx').on(t.status),
  ],
);

export const taskAssignees = pgTable(
  'task_assignees',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('task_assignees_user_idx').on(t.userId)],
);

/** A task's files: private bytes under `storageKey`, read only through the task's access check. */
export const taskFiles = pgTable(
  'task_files',
  {
    id: id(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** 'brief': given with the task; 'deliverable': sent back with a Submit. */
    kind: text('kind').notNull().default('brief'),
    createdAt: createdAt(),
  },
  (t) => [index('task_files_task_idx').on(t.taskId, t.createdAt), uniqueIndex('task_files_storage_key_idx').on(t.storageKey)],
);

/** One private iCal feed per account: only the token's hash is kept; renewing replaces it, revoking deletes the row. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);
