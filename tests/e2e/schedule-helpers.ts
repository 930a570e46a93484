import { E2E } from './env';
import { addMember, createEmployeeAccount, createProject, newFirm } from './workspace-helpers';

/** Helpers of the schedules journeys: each test makes its own firm and project through the api. */

/** A new firm (its email, password and token) with one workspace project. */
export async function firmWithProject(fields: { projectName?: string } = {}) {
  const firm = await newFirm();
  const project = await createProject(firm.token, { projectName: fields.projectName ?? 'Lakeview Apartment' });
  return { firm, project };
}

/** An employee of the firm listed as a member of the project (it may work on its schedules). */
export async function memberEmployee(firm: { token: string; user: { id: string } }, projectId: string) {
  const password = 'secret123';
  const employee = await createEmployeeAccount(firm.user.id, { userName: 'Meera Joshi', password });
  await addMember(firm.token, projectId, { name: employee.userName, email: employee.email });
  return { email: employee.email, password };
}

/** A schedule with pictures, made through the api as `token`'s account (upload, then create). */
export async function scheduleThroughApi(token: string, projectId: string, schedule: { title: string; description: string; images: Buffer[] }) {
  const headers = { authorization: `Bearer ${token}` };
  let ids: string[] = [];
  if (schedule.images.length) {
    const form = new FormData();
    form.append('projectId', projectId);
    schedule.images.forEach((image, i) => form.append('files', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `picture-${i}.jpg`));
    const upload = await fetch(`${E2E.apiURL}/api/projects/schedules/upload-file`, { method: 'POST', body: form, headers });
    if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    ids = ((await upload.json()) as { images: Array<{ id: string }> }).images.map((i) => i.id);
  }
  const res = await fetch(`${E2E.apiURL}/api/projects/schedules`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ projectId, title: schedule.title, description: schedule.description, schedulesFiles: ids }),
  });
  if (res.status !== 201) throw new Error(`schedule failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data;
}
