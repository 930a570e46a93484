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
