import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { action } from './route';

/**
 * A project's members panel (workspace-and-admin.md screen 6, section 8) when the api fails:
 * "Failed to create member" / "Failed to update member" for a server failure, the api's message
 * for a refusal, the server's message for a failed delete.
 */
const api = useStandInApi();
const PROJECT_ID = '64b000000000000000000a01';
const MEMBER_ID = '64b000000000000000000a02';
const PAGE = `/workspace/project/member/${PROJECT_ID}`;
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

const member = { intent: 'save', name: 'Neha Joshi', email: 'neha@example.test' };
type Answer = { intent: string; result: { error?: Record<string, string[]> }; toast: { type: string; message: string } | null };

async function save(fields: Record<string, string>) {
  const response = await settled(action(routeArgs(webRequest(`${PAGE}?panel=new`, cookie, fields), { projectId: PROJECT_ID })));
  const data = (await response.json()) as Answer;
  return { status: response.status, intent: data.intent, error: data.result.error ?? {}, toast: data.toast };
}

describe('saving a member when the api fails', () => {
  it.each([500, 503])('says "Failed to create member" in the panel and as a toast when the create fails (%i)', async (status) => {
    api.on('POST', '/api/projects/members', serverError(status));
    const answer = await save(member);
    expect(answer).toEqual({ status: 400, intent: 'save', error: { '': ['Failed to create member'] }, toast: { type: 'error', message: 'Failed to create member' } });
    expect(JSON.parse(api.calls('POST', '/api/projects/members')[0]!.body)).toEqual({ name: 'Neha Joshi', email: 'neha@example.test', projectId: PROJECT_ID });
  });

  it.each([500, 503])('says "Failed to update member" when the update fails (%i)', async (status) => {
    api.on('PUT', `/api/projects/members/${MEMBER_ID}`, serverError(status));
    const answer = await save({ ...member, id: MEMBER_ID });
    expect(answer).toEqual({ status: 400, intent: 'save', error: { '': ['Failed to update member'] }, toast: { type: 'error', message: 'Failed to update member' } });
  });

  it('shows the api’s message on the email for a member it refuses (409)', async () => {
    api.on('POST', '/api/projects/members', refusal(409, 'This email is already a member of this project', [{ path: 'email', message: 'This email is already a member of this project' }]));
    const answer = await save(member);
    expect(answer.status).toBe(409);
    expect(answer.error.email).toEqual(['This email is already a member of this project']);
    expect(answer.toast?.message).toBe('This email is already a member of this project');
  });

  it('goes back to the members saying what failed when the server fails a delete', async () => {
    api.on('DELETE', `/api/projects/members/${MEMBER_ID}`, serverError(500));
    const response = await settled(action(routeArgs(webRequest(PAGE, cookie, { intent: 'delete', id: MEMBER_ID }), { projectId: PROJECT_ID })));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(PAGE);
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to delete member' });
  });
});
