import { z } from 'zod/v4';
import { ErrorReply, IdParams, MessageReply } from './http.js';
import { operationsOf } from './operation.js';
import { requiredText } from './text-fields.js';
import { MEMBER_LIMITS, MEMBER_MESSAGES as M } from './workspace-projects-rules.js';

/**
 * The members of a workspace project (workspace-and-admin.md screen 6, the calls of section 7):
 * name and email, with the spec's messages. A member whose email is an employee of the firm gives
 * that employee access to the project (DESIGN.md section 9).
 */

export { EMPTY_MEMBERS, MEMBER_LIMITS, MEMBER_MESSAGES } from './workspace-projects-rules.js';

export const MemberFields = z.object({
  name: requiredText(M.nameRequired, MEMBER_LIMITS.name),
  /** One message at a time: an empty email is required, not also malformed. Stored in lower case. */
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, { error: M.emailRequired, abort: true })
    .max(MEMBER_LIMITS.email, `At most ${MEMBER_LIMITS.email} characters`)
    .email(M.emailInvalid)
    .transform((v) => v.toLowerCase()),
});
export type MemberFields = z.infer<typeof MemberFields>;

/** POST /api/projects/members. */
export const CreateMemberBody = MemberFields.extend({
  projectId: z.string({ error: 'projectId is required' }).trim().min(1, 'projectId is required').max(64, 'Project not found'),
});
export type CreateMemberBody = z.input<typeof CreateMemberBody>;

/** PUT /api/projects/members/{id}. */
export const UpdateMemberBody = MemberFields;
export type UpdateMemberBody = z.input<typeof UpdateMemberBody>;

export const Member = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof Member>;

/** GET /api/projects/members/{projectId}. */
export const MembersReply = z.object({ data: z.object({ members: z.array(Member) }) });
export type MembersReply = z.infer<typeof MembersReply>;

/** POST /api/projects/members (201) and PUT /api/projects/members/{id}. */
export const MemberReply = z.object({ data: Member });
export type MemberReply = z.infer<typeof MemberReply>;

export const ProjectIdParams = z.object({ projectId: z.string().max(64) });

const op = operationsOf('workspace', ['workspace']);

/**
 * The members' operations (docs/decisions/370), scope `workspace`: the api registers them
 * (server/routes/projects/members/) and the web calls them (app/models/workspace-projects.server.ts).
 */
export const memberOperations = {
  list: op({ method: 'GET', path: '/projects/members/:projectId', summary: "A project's members", params: ProjectIdParams, replies: { 200: MembersReply, 404: ErrorReply } }),
  create: op({ method: 'POST', path: '/projects/members', summary: 'Add a member to a project', body: CreateMemberBody, replies: { 201: MemberReply, 404: ErrorReply, 409: ErrorReply } }),
  update: op({
    method: 'PUT',
    path: '/projects/members/:id',
    summary: "Change a member's name and email",
    params: IdParams,
    body: UpdateMemberBody,
    replies: { 200: MemberReply, 404: ErrorReply, 409: ErrorReply },
  }),
  delete: op({ method: 'DELETE', path: '/projects/members/:id', summary: 'Remove a member from its project', params: IdParams, replies: { 200: MessageReply, 404: ErrorReply } }),
} as const;
