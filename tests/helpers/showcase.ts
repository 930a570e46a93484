import sharp from 'sharp';
import type { PublicProjectInput } from '../../server/contract/projects';
import { postMultipart, type TestApi } from './test-api';

/** A small test picture in the given format (a gradient, so encoders have something to do). */
export async function testImage(format: 'jpeg' | 'png' | 'gif' | 'webp' = 'jpeg', width = 64, height = 48) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#36c"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export function uploadImages(api: TestApi, token: string, files: Buffer[]) {
  return postMultipart(
    api,
    '/api/projects/images',
    files.map((file, i) => ({ name: 'files', file, filename: `photo-${i}.jpg`, type: 'image/jpeg' })),
    token,
  );
}

/** Uploads `n` images and answers their ids. */
export async function uploadedImageIds(api: TestApi, token: string, n = 4): Promise<string[]> {
  const image = await testImage('jpeg');
  const ids: string[] = [];
  for (let done = 0; done < n; done += 20) {
    const res = await uploadImages(api, token, Array.from({ length: Math.min(20, n - done) }, () => image));
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    ids.push(...res.json().images.map((i: { id: string }) => i.id));
  }
  return ids;
}

/** A valid public project body apart from its images. */
export function projectBody(imageIds: string[], overrides: Partial<PublicProjectInput> = {}): PublicProjectInput {
  return {
    projectName: 'Courtyard House',
    projectType: 'architecture-residential',
    projectLocation: 'Baner',
    area: 320,
    year: 2021,
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    description: 'A family house around a shaded courtyard.',
    architecture: [{ name: 'Structure', style: 'Brick' }],
    teams: [{ name: 'Asha Mehta', role: 'Architect' }],
    imageIds,
    ...overrides,
  };
}
