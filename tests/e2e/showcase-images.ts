import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openE2EDatabase } from './database';
import { createFirm, createPublicProject } from '../../server/seed/factories';
import { placeholderImage } from '../../server/seed/placeholder-images';
import { createLocalStorage } from '../../server/services/storage/local';
import { E2E } from './env';

/** Writes `count` small PNG pictures (different colours) to a fresh temporary folder; returns their paths. */
export async function makePngs(count: number, size = { width: 640, height: 480 }): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showcase-'));
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const hue = Math.round((360 / count) * i);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
      <rect width="100%" height="100%" fill="hsl(${hue},45%,70%)"/>
      <rect x="15%" y="30%" width="70%" height="55%" fill="hsl(${hue},30%,40%)"/>
    </svg>`;
    const file = path.join(dir, `picture-${i + 1}.png`);
    await sharp(Buffer.from(svg)).png().toFile(file);
    files.push(file);
  }
  return files;
}

/**
 * `count` public projects of a new approved firm, one picture each, written directly: the newest
 * in Explore, so a journey that reads Explore's first page does not depend on what other journeys
 * published before it (some publish projects without pictures).
 */
export async function publishPicturedProjects(count: number): Promise<string[]> {
  const database = await openE2EDatabase();
  try {
    const storage = createLocalStorage({ publicDir: path.join(E2E.dataDir, 'uploads'), privateDir: path.join(E2E.dataDir, 'private') });
    const firm = await createFirm(database.db, { firmName: `Pictured Studio ${Date.now().toString(36)}` });
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const project = await createPublicProject({ db: database.db, storage }, firm.id, { images: [await placeholderImage({ seed: i + 1, width: 480, height: 300 })] });
      names.push(project.projectName);
    }
    return names;
  } finally {
    await database.close();
  }
}
