import sharp from 'sharp';

/**
 * Architecture-like placeholder pictures drawn locally (SVG rendered by sharp): façades, towers,
 * interiors and landscapes in a few palettes, so the demo gallery looks like a portfolio without
 * downloading anything. Deterministic for a given seed.
 */

export type PlaceholderScene = 'facade' | 'tower' | 'interior' | 'landscape';

const PALETTES = [
  { sky: ['#cfe3f0', '#f6efe4'], ground: '#8c8377', walls: ['#e8e1d6', '#d3c6b3', '#bfae97'], accent: '#3f5566', glass: '#5b7b8f', green: '#6f8f5a' },
  { sky: ['#f3d9c4', '#f9efe6'], ground: '#7d6e62', walls: ['#f2ede6', '#d9cfc2', '#a59586'], accent: '#8a4b35', glass: '#52646f', green: '#7a9a62' },
  { sky: ['#dfe7ea', '#eef1ef'], ground: '#6d7270', walls: ['#c9cfd1', '#a7b0b3', '#eceeed'], accent: '#2f3a40', glass: '#40606e', green: '#5f7f5c' },
  { sky: ['#e9e4f2', '#f7f3ee'], ground: '#85796b', walls: ['#efe7db', '#cbb8a0', '#9c8a73'], accent: '#4d4a6b', glass: '#566c80', green: '#6c8c5e' },
  { sky: ['#d8ece6', '#f4f1e8'], ground: '#7b7566', walls: ['#e6e0d2', '#c2b69f', '#f5f2ea'], accent: '#35524a', glass: '#4f6f73', green: '#5d8a62' },
] as const;

/** A small deterministic random source. */
function random(seed: number) {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" ${extra}/>`;

function windows(x: number, y: number, w: number, h: number, cols: number, rows: number, fill: string, frame: string) {
  const out: string[] = [];
  const gx = w / cols;
  const gy = h / rows;
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      out.push(rect(x + c * gx + gx * 0.18, y + r * gy + gy * 0.2, gx * 0.64, gy * 0.6, fill, `stroke="${frame}" stroke-width="2"`));
    }
  }
  return out.join('');
}

function trees(rand: () => number, width: number, groundY: number, color: string, count: number) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rand() * width;
    const r = 30 + rand() * 50;
    out.push(rect(x - 4, groundY - r * 0.9, 8, r * 0.9, '#5a4a3a'));
    out.push(`<circle cx="${x.toFixed(1)}" cy="${(groundY - r * 1.2).toFixed(1)}" r="${r.toFixed(1)}" fill="${color}" opacity="0.9"/>`);
  }
  return out.join('');
}

function sceneSvg(scene: PlaceholderScene, seed: number, width: number, height: number): string {
  const rand = random(seed + 1);
  const p = PALETTES[seed % PALETTES.length]!;
  const wall = (i: number) => p.walls[i % p.walls.length]!;
  const groundY = height * (0.72 + rand() * 0.08);
  const parts: string[] = [];
  const defs = `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.glass}" stop-opacity="0.95"/><stop offset="1" stop-color="${p.sky[0]}" stop-opacity="0.8"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>
  </defs>`;

  if (scene === 'interior') {
    const floorY = height * 0.68;
    parts.push(rect(0, 0, width, floorY, wall(seed)));
    parts.push(rect(0, floorY, width, height - floorY, p.ground));
    for (let i = 0; i < 14; i++) parts.push(rect((i * width) / 14, floorY, 2, height - floorY, '#000', 'opacity="0.08"'));
    const wx = width * (0.08 + rand() * 0.3);
    const ww = width * (0.3 + rand() * 0.2);
    parts.push(rect(wx, height * 0.12, ww, floorY - height * 0.2, 'url(#sky)', `stroke="${p.accent}" stroke-width="10"`));
    parts.push(rect(wx + ww / 2 - 4, height * 0.12, 8, floorY - height * 0.2, p.accent));
    parts.push(trees(rand, width, floorY - height * 0.09, p.green, 0));
    const sx = width * (0.45 + rand() * 0.2);
    const sw = width * 0.34;
    parts.push(rect(sx, floorY - height * 0.16, sw, height * 0.12, wall(seed + 2), 'rx="14"'));
    parts.push(rect(sx, floorY - height * 0.24, sw, height * 0.1, wall(seed + 1), 'rx="14"'));
    parts.push(rect(sx + sw * 0.1, floorY - height * 0.04, sw * 0.8, height * 0.04, p.accent, 'rx="6"'));
    parts.push(rect(width * 0.2, floorY + height * 0.06, width * 0.3, height * 0.08, p.walls[2], 'rx="8" opacity="0.85"'));
    parts.push(`<circle cx="${(width * 0.85).toFixed(1)}" cy="${(height * 0.12).toFixed(1)}" r="${(height * 0.05).toFixed(1)}" fill="${p.accent}" opacity="0.8"/>`);
    parts.push(rect(width * 0.85 - 2, 0, 4, height * 0.07, p.accent));
    parts.push(rect(width * 0.06, height * 0.3, width * 0.015, floorY - height * 0.3, p.green, 'rx="8"'));
  } else if (scene === 'landscape') {
    parts.push(rect(0, 0, width, height, 'url(#sky)'));
    parts.push(`<path d="M0 ${groundY} Q ${width * 0.3} ${groundY - height * 0.12} ${width * 0.6} ${groundY - height * 0.03} T ${width} ${groundY - height * 0.06} V ${height} H 0 Z" fill="${p.green}"/>`);
    parts.push(`<path d="M${width * 0.1} ${height} C ${width * 0.35} ${groundY + 40} ${width * 0.55} ${groundY + 10} ${width * 0.95} ${groundY + 30} L ${width} ${height} Z" fill="${p.walls[1]}" opacity="0.9"/>`);
    parts.push(`<ellipse cx="${width * 0.7}" cy="${groundY + height * 0.12}" rx="${width * 0.14}" ry="${height * 0.04}" fill="${p.glass}" opacity="0.85"/>`);
    parts.push(trees(rand, width, groundY + 20, p.green, 9));
    parts.push(rect(width * 0.15, groundY - height * 0.08, width * 0.2, height * 0.08, p.walls[0]));
    parts.push(rect(width * 0.15, groundY - height * 0.1, width * 0.24, height * 0.02, p.accent));
  } else {
    parts.push(rect(0, 0, width, height, 'url(#sky)'));
    parts.push(rect(0, groundY, width, height - groundY, p.ground));
    parts.push(rect(0, groundY, width, 6, '#000', 'opacity="0.15"'));
    const buildings = scene === 'tower' ? 3 : 1 + Math.floor(rand() * 2);
    for (let b = 0; b < buildings; b++) {
      const tall = scene === 'tower';
      const w = tall ? width * (0.14 + rand() * 0.1) : width * (0.45 + rand() * 0.2) / buildings;
      const h = tall ? height * (0.45 + rand() * 0.35) : height * (0.3 + rand() * 0.2);
      const x = tall ? width * (0.12 + b * 0.27) + rand() * 30 : width * 0.12 + b * (w + width * 0.06);
      const y = groundY - h;
      parts.push(rect(x, y, w, h, wall(b + seed)));
      parts.push(rect(x + w * 0.75, y, w * 0.25, h, 'url(#shade)'));
      if (tall || rand() > 0.5) {
        parts.push(windows(x + w * 0.05, y + h * 0.05, w * 0.9, h * 0.9, tall ? 4 : 5, tall ? 12 : 3, 'url(#glass)', p.accent));
      } else {
        parts.push(rect(x + w * 0.08, y + h * 0.2, w * 0.6, h * 0.55, 'url(#glass)', `stroke="${p.accent}" stroke-width="6"`));
        parts.push(rect(x - w * 0.05, y - 14, w * 1.1, 18, p.accent));
        parts.push(rect(x + w * 0.75, y + h * 0.45, w * 0.14, h * 0.55, p.accent, 'opacity="0.85"'));
      }
    }
    parts.push(trees(rand, width, groundY + 4, p.green, 3 + Math.floor(rand() * 4)));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}${parts.join('')}</svg>`;
}

type SceneOptions = { scene?: PlaceholderScene; seed?: number; width?: number; height?: number };

/** The scene as SVG source (sharp renders it; the seed feeds it straight to the pipeline). */
export function placeholderSvg(options: SceneOptions = {}): Buffer {
  const { scene = 'facade', seed = 0, width = 1600, height = 1000 } = options;
  return Buffer.from(sceneSvg(scene, seed, width, height));
}

/** A JPEG picture of the scene (what a firm would upload). */
export async function placeholderImage(options: SceneOptions = {}) {
  return sharp(placeholderSvg(options)).jpeg({ quality: 82 }).toBuffer();
}

/** Scenes that suit a project type, for a project's several pictures. */
export function scenesForType(projectType: string): PlaceholderScene[] {
  if (projectType.startsWith('interior-')) return ['interior', 'interior', 'facade', 'interior'];
  if (projectType === 'landscape-urban') return ['landscape', 'landscape', 'facade'];
  const main = sceneForType(projectType);
  return [main, 'facade', main === 'tower' ? 'landscape' : 'tower', 'interior'];
}

/** An abstract square logo for a profile photo. */
export async function placeholderAvatar(seed = 0, size = 512) {
  const p = PALETTES[seed % PALETTES.length]!;
  const rand = random(seed + 7);
  const shapes: string[] = [];
  for (let i = 0; i < 3; i++) {
    const s = size * (0.25 + rand() * 0.2);
    shapes.push(rect(size * 0.2 + i * size * 0.12, size * (0.55 - i * 0.12), s, s, p.walls[i % 3]!, 'opacity="0.9"'));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${p.accent}"/>${shapes.join('')}<circle cx="${size * 0.72}" cy="${size * 0.28}" r="${size * 0.09}" fill="${p.sky[1]}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The scene that suits a project type. */
export function sceneForType(projectType: string): PlaceholderScene {
  if (projectType.startsWith('interior-')) return 'interior';
  if (projectType === 'landscape-urban') return 'landscape';
  return /commercial|mixed-use|institutional/.test(projectType) ? 'tower' : 'facade';
}
