import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avatarVariants } from '../contract/profile';
import { HttpError } from '../errors';
import { cropSquare, InvalidImageError, processAvatar, processProjectImage } from './images';

describe('cropSquare', () => {
  it('takes the centred square without a crop', () => {
    expect(cropSquare({ width: 300, height: 100 })).toEqual({ left: 100, top: 0, size: 100 });
    expect(cropSquare({ width: 100, height: 301 })).toEqual({ left: 0, top: 100, size: 100 });
  });

  it('keeps a crop inside the picture', () => {
    expect(cropSquare({ width: 300, height: 100 }, { x: 290, y: 50, size: 80 })).toEqual({ left: 220, top: 20, size: 80 });
    expect(cropSquare({ width: 300, height: 100 }, { x: 0, y: 0, size: 5000 })).toEqual({ left: 0, top: 0, size: 100 });
  });
});

describe('avatarVariants', () => {
  it('derives the 96 and 512 siblings of a stored photo and uses any other url as it is', () => {
    expect(avatarVariants('/uploads/profiles/a/b/256.webp')).toEqual({ s96: '/uploads/profiles/a/b/96.webp', s256: '/uploads/profiles/a/b/256.webp', s512: '/uploads/profiles/a/b/512.webp' });
    expect(avatarVariants('https://photos.example/me.jpg')).toEqual({ s96: 'https://photos.example/me.jpg', s256: 'https://photos.example/me.jpg', s512: 'https://photos.example/me.jpg' });
    expect(avatarVariants(null)).toBeNull();
  });
});

describe('processProjectImage', () => {
  it('makes 480, 960 and 1600 px wide WebP variants of a large picture', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#8a6' } }).jpeg().toBuffer();
    const out = await processProjectImage(big);
    expect([out.width, out.height]).toEqual([3000, 2000]);
    for (const [name, w] of [['w480', 480], ['w960', 960], ['w1600', 1600]] as const) {
      const meta = await sharp(out.variants[name]).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, Math.round((w * 2) / 3)]);
    }
  });

  it('refuses a decompression bomb (over 60 megapixels) with 413 and garbage as an invalid image', async () => {
    const bomb = await sharp({ create: { width: 9000, height: 7000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expect(processProjectImage(bomb)).rejects.toSatisfy((e: unknown) => e instanceof HttpError && e.statusCode === 413);
    await expect(processProjectImage(Buffer.from('GIF89a not really'))).rejects.toBeInstanceOf(InvalidImageError);
    await expect(processAvatar(Buffer.from('\x89PNG\r\n\x1a\n broken'))).rejects.toBeInstanceOf(InvalidImageError);
  });
});
