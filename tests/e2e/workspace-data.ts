import { databaseUrl } from '../setup/database-url';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../server/seed/factories';
import { E2E } from './env';

/**
 * Workspace data for one journey, made with the factories the seed and the api tests use, in the
 * end-to-end api's database: each test gets its own firm (password `secret123`) and project.
 */

let handle: Promise<DatabaseHandle> | undefined;
const database = () => (handle ??= openDatabase({ url: databaseUrl(E2E.database), dataDir: E2E.dataDir })).then((h) => h.db);

export const FIRM_PASSWORD = 'secret123';

export async function firmWithProject(fields: { firmName?: string; projectName?: string } = {}) {
  const db = await database();
  const firm = await createFirm(db, { firmName: fields.firmName ?? 'Journey Studio' });
  const project = await createWorkspaceProject(db, firm.id, { projectName: fields.projectName ?? 'Lakeview Apartment' });
  return { firm, project };
}

/** An employee of the firm listed as a member of the project (it may work on its schedules). */
export async function memberEmployee(firmId: string, projectId: string) {
  const db = await database();
  const employee = await createEmployee(db, firmId, { userName: 'Meera Joshi' });
  await createMember(db, projectId, { name: employee.userName, email: employee.email });
  return employee;
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
