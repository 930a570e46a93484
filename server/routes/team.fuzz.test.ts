import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, multipart, type MultipartPart, type TestApi } from '../../tests/helpers/test-api';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../seed/factories';
import { createTask } from '../seed/tasks';
import { createSession } from '../queries/sessions';

/**
 * Property: whatever a client sends to the employee, task and calendar endpoints (random JSON,
 * random multipart forms with files, odd ids and queries), the api never answers 5xx, and every
 * error has the JSON error shape of DESIGN.md section 4.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

let api: TestApi;
let token: string;
let ids: { projectId: string; employeeId: string; taskId: string };

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  const employee = await createEmployee(api.db, firm.id);
  const project = await createWorkspaceProject(api.db, firm.id);
  await createMember(api.db, project.id, { email: employee.email });
  const task = await createTask(api.ctx, { firmId: firm.id, projectId: project.id, creatorId: firm.id, assigneeIds: [employee.id], status: 'review' });
  ids = { projectId: project.id, employeeId: employee.id, taskId: task.id };
});
afterAll(() => api?.close());

type Sent = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: string | Buffer; headers?: Record<string, string> };

async function expectNo5xx(request: Sent) {
  const res = await api.app.inject({ ...request, headers: { ...bearer(token), ...request.headers } });
  if (res.statusCode >= 500) throw new Error(`${request.method} ${request.url} answered ${res.statusCode}: ${res.body}\n${String(request.payload).slice(0, 1000)}`);
  if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  return res;
}

const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '__proto__', '2026-02-30', '2026-12-01', '9876543210', 'Other', 'Architect', 'x'.repeat(3000), '😀'.repeat(100)),
);
const jsonValue = fc.oneof(nasty, fc.integer(), fc.boolean(), fc.constant(null), fc.array(nasty, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 3 }));
const EMPLOYEE_FIELDS = ['name', 'designation', 'designationOther', 'email', 'mobile', 'address', 'password', 'confirmPassword', 'isSubAdmin'];
const employeeBody = fc.dictionary(fc.oneof(fc.constantFrom(...EMPLOYEE_FIELDS), fc.string({ maxLength: 10 })), jsonValue, { maxKeys: 12 });
/** Whether a string can be put in a url (a lone surrogate cannot). */
const encodable = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};
const oddId = fc.oneof(fc.constant('ID'), fc.constantFrom('x', 'f'.repeat(24), '..%2f', '%00', 'a'.repeat(70)), fc.string({ minLength: 1, maxLength: 30 }).filter(encodable).map(encodeURIComponent));

const taskPart: fc.Arbitrary<MultipartPart> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ name: fc.constantFrom('projectId', 'employees', 'description', 'dueDate', 'other'), value: nasty }) },
  { weight: 1, arbitrary: fc.record({ name: fc.constantFrom('files', 'projectId', 'x'), file: fc.uint8Array({ maxLength: 800 }).map((a) => Buffer.from(a)), filename: fc.constantFrom('a.pdf', 'x', '', '../../etc'), type: fc.constant('application/octet-stream') }) },
);

describe('employees, tasks and calendar endpoints never answer 5xx', () => {
  it('for random JSON bodies and ids', async () => {
    await fc.assert(
      fc.asyncProperty(employeeBody, oddId, fc.constantFrom('POST /api/employees', 'PUT /api/employees/ID', 'POST /api/tasks/ID/reject', 'POST /api/employees/ID/deactivate', 'POST /api/tasks/ID/submit', 'POST /api/tasks/ID/approve', 'GET /api/tasks/files/ID/content'), async (body, id, route) => {
        const [method, path] = route.split(' ') as [Sent['method'], string];
        const realId = path.includes('employees') ? ids.employeeId : ids.taskId;
        const url = path.replace('ID', id === 'ID' ? realId : id);
        await expectNo5xx({ method, url, ...(method === 'GET' ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
      }),
      { numRuns: RUNS },
    );
  });

  it('for random Add Task forms', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(taskPart, { maxLength: 12 }), fc.boolean(), async (parts, valid) => {
        const base: MultipartPart[] = valid ? [{ name: 'projectId', value: ids.projectId }, { name: 'employees', value: ids.employeeId }] : [];
        const body = await multipart([...base, ...parts]);
        await expectNo5xx({ method: 'POST', url: '/api/tasks', payload: body.payload, headers: body.headers });
      }),
      { numRuns: RUNS },
    );
  });

  it('for a broken multipart body and odd calendar queries', async () => {
    await expectNo5xx({ method: 'POST', url: '/api/tasks', payload: '--x\r\nContent-Disposition: form-data; name="files"; filename="a"\r\n\r\nabc', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    await fc.assert(
      fc.asyncProperty(nasty.filter(encodable), async (month) => {
        await expectNo5xx({ method: 'GET', url: `/api/calendar?month=${encodeURIComponent(month)}` });
        await expectNo5xx({ method: 'GET', url: `/api/calendar/feed/${encodeURIComponent(month || 'x')}.ics` });
      }),
      { numRuns: RUNS },
    );
  });
});
