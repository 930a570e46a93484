import type { UserRow } from '../../server/queries/users';
import { createSession } from '../../server/queries/sessions';
import { testImage } from './showcase';
import { bearer, postMultipart, type MultipartPart, type TestApi } from './test-api';

/** Helpers of the schedule tests: tokens, uploads and a schedule made through the api. */

export async function tokenOf(api: TestApi, user: Pick<UserRow, 'id'>): Promise<string> {
  return (await createSession(api.db, user.id, { remember: false })).token;
}

/** POST /api/projects/schedules/upload-file with `files` and the `projectId` field. */
export function uploadScheduleFiles(api: TestApi, token: string, projectId: string, files: Array<{ data: Buffer; name?: string; type?: string }>) {
  const parts: MultipartPart[] = [
    { name: 'projectId', value: projectId },
    ...files.map((f, i) => ({ name: 'files', file: f.data, filename: f.name ?? `plan-${i}.png`, type: f.type ?? 'image/png' })),
  ];
  return postMultipart(api, '/api/projects/schedules/upload-file', parts, token);
}

/** Uploads `n` test pictures for `projectId` and answers their ids. */
export async function uploadedScheduleImageIds(api: TestApi, token: string, projectId: string, n = 1): Promise<string[]> {
  const image = await testImage('png', 80, 60);
  const res = await uploadScheduleFiles(api, token, projectId, Array.from({ length: n }, () => ({ data: image })));
  if (res.statusCode !== 201) throw new Error(`schedule upload failed: ${res.statusCode} ${res.body}`);
  return res.json().images.map((i: { id: string }) => i.id);
}

/** Creates a schedule through the api and answers its JSON. */
export async function createScheduleThroughApi(
  api: TestApi,
  token: string,
  projectId: string,
  fields: { title?: string; description?: string; schedulesFiles?: string[] } = {},
) {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/projects/schedules',
    headers: bearer(token),
    payload: { projectId, title: 'Kitchen finishes', description: 'Tiles, worktops and fittings.', schedulesFiles: [], ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`schedule create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; images: Array<{ id: string; url: string; w480: string }>; title: string; description: string };
}
