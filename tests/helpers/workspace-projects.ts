import type { WorkspaceProject, WorkspaceProjectFormInput } from '../../server/contract/workspace-projects';
import { testImage } from './showcase';
import { bearer, multipart, type MultipartPart, type TestApi } from './test-api';

/** A valid project form by the spec's field names (the design team as a list). */
export function projectForm(overrides: Partial<WorkspaceProjectFormInput> = {}): WorkspaceProjectFormInput {
  return {
    projectName: 'Riverside Villa',
    projecttype: 'interior-residential',
    pincode: '320',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    designTeam: ['Architect', 'Designer'],
    clientname: 'Rhea Kapoor',
    clientdetails: 'A family of four; prefers warm materials.',
    address: '12 Lane 5, Koregaon Park',
    ...overrides,
  };
}

/** The multipart parts of a project form: every field (repeated for the design team) and, when given, the photo. */
export function projectParts(form: WorkspaceProjectFormInput, photo?: { file: Buffer; filename?: string; type?: string } | null): MultipartPart[] {
  const parts: MultipartPart[] = [];
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push({ name, value: v });
  }
  if (photo) parts.push({ name: 'profileImage', file: photo.file, filename: photo.filename ?? 'photo.jpg', type: photo.type ?? 'image/jpeg' });
  return parts;
}

/** Sends a project form to the api (POST /api/projects or PUT /api/projects/{id}). */
export async function sendProjectForm(api: TestApi, method: 'POST' | 'PUT', url: string, parts: MultipartPart[], token?: string) {
  const body = await multipart(parts);
  return api.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
}

/** Creates a project through the api as `token`'s account, with a JPEG photo. */
export async function createProjectThroughApi(api: TestApi, token: string, overrides: Partial<WorkspaceProjectFormInput> = {}): Promise<WorkspaceProject> {
  const res = await sendProjectForm(api, 'POST', '/api/projects', projectParts(projectForm(overrides), { file: await testImage('jpeg', 640, 400) }), token);
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
