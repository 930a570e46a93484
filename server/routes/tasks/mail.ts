import { formatCalendarDay } from '../../contract/dates.js';
import type { AppContext } from '../../context.js';
import type { Task } from '../../contract/tasks.js';
import { findUsersByIds } from '../../queries/employees.js';
import { usersWantingMail } from '../../queries/settings.js';
import type { UserRow } from '../../queries/users.js';

/** ", with 2 files" when the last Submit sent files back. */
function submittedWith(task: Task): string {
  const count = task.deliverables.length;
  return count ? `, with ${count} file${count === 1 ? '' : 's'}` : '';
}

export type TaskChange = 'created' | 'submitted' | 'approved' | 'rejected';

/**
 * Mails the other side of a task change (DESIGN.md section 9): the assignees when it is given,
 * approved or rejected; its creator when it is submitted; only to those whose Setting keeps task
 * mails on (docs/decisions/118). After the answer (ctx.background), through the firm-mail rules
 * (docs/decisions/235): a mail the firm may not send is left out.
 */
export function mailTaskChange(ctx: Pick<AppContext, 'db' | 'firmMail' | 'background'>, firmId: string, change: TaskChange, task: Task, actor: Pick<UserRow, 'id' | 'userName'>) {
  const toIds = change === 'submitted' ? (task.from ? [task.from.id] : []) : task.to.map((p) => p.id).filter((id) => id !== actor.id);
  if (!toIds.length) return;
  ctx.background.defer(`task ${change} mail`, async () => {
    const wanting = await usersWantingMail(ctx.db, toIds, 'tasks');
    const people = await findUsersByIds(ctx.db, [...wanting]);
    // The task's title: its own, or its description's first words.
    const what = task.title;
    const lines: Record<TaskChange, { subject: string; text: string }> = {
      created: { subject: `New task on ${task.project.projectName}`, text: `${actor.userName} gave you a task on ${task.project.projectName}: "${what}"${task.dueDate ? `, due ${formatCalendarDay(task.dueDate)}` : ''}.` },
      submitted: {
        subject: `Task submitted for review: ${task.project.projectName}`,
        text: `${actor.userName} submitted the task "${what}" on ${task.project.projectName}${submittedWith(task)}. Approve or reject it on your task board.${task.submitNote ? `\n\nNote: ${task.submitNote}` : ''}`,
      },
      approved: { subject: `Task approved: ${task.project.projectName}`, text: `${actor.userName} approved the task "${what}" on ${task.project.projectName}. It is done.` },
      rejected: {
        subject: `Task sent back: ${task.project.projectName}`,
        text: `${actor.userName} sent the task "${what}" on ${task.project.projectName} back to To Do.\n\nReason: ${task.rejectReason ?? ''}`,
      },
    };
    for (const person of people) {
      if (person.deactivatedAt) continue;
      await ctx.firmMail.sendIfAllowed(
        { firmId, actorId: actor.id, kind: 'task', target: { type: 'task', id: task.id } },
        { to: person.email, subject: lines[change].subject, text: `Hello ${person.userName},\n\n${lines[change].text}\n\nOpen the task board: /workspace/taskboard` },
      );
    }
  });
}
