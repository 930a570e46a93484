import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

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
