import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { postMultipart } from '../../../../tests/helpers/test-api';
import { projectBody, testImage, uploadedImageIds, uploadImages } from '../../../../tests/helpers/showcase';
import { IMAGE_TYPE_MESSAGE } from '../../../contract/projects';
import { api, firmToken, otherFirmToken, explorerToken, firmId, setUpPortfolioApi, call, fileOf } from '../../../../tests/helpers/portfolio-api';

setUpPortfolioApi();

describe('POST /api/projects/images', () => {
  it('stores JPEG, PNG and GIF as three WebP variants, never upscaled, and answers their records', async () => {
    const files = [await testImage('jpeg', 64, 48), await testImage('png', 2000, 1000), await testImage('gif', 30, 20)];
    const res = await uploadImages(api, firmToken, files);
    expect(res.statusCode, res.body).toBe(201);
    const { images, urls } = res.json();
    expect(images).toHaveLength(3);
    expect(urls).toEqual(images.map((i: { w960: string }) => i.w960));
    expect(images[0]).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{24}_64x48$/), width: 64, height: 48 });
    expect(images[0].url).toBe(images[0].w960);
    for (const image of images) {
      for (const [name, target] of [['w480', 480], ['w960', 960], ['w1600', 1600]] as const) {
        expect(image[name]).toMatch(new RegExp(`^/uploads/projects/${firmId}/[0-9a-f]{24}_\\d+x\\d+/${name}\\.webp$`));
        const meta = await sharp(await fs.readFile(fileOf(image[name]))).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(Math.min(target, image.width));
      }
    }
    // The variants are served under /uploads/ with their type and nosniff.
    const served = await api.app.inject({ method: 'GET', url: images[1].w480 });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a text file named .png by its content with the spec message, and stores nothing of the request', async () => {
    const before = await fs.readdir(path.join(api.config.uploadsDir, 'projects', firmId)).catch(() => []);
    const res = await postMultipart(
      api,
      '/api/projects/images',
      [
        { name: 'files', file: await testImage('jpeg'), filename: 'good.jpg', type: 'image/jpeg' },
        { name: 'files', file: Buffer.from('just some text, not a picture\n'.repeat(20)), filename: 'photo.png', type: 'image/png' },
      ],
      firmToken,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(IMAGE_TYPE_MESSAGE);
    const after = await fs.readdir(path.join(api.config.uploadsDir, 'projects', firmId)).catch(() => []);
    expect(after.sort()).toEqual(before.sort());
  });

  it('refuses WebP and a corrupt JPEG (type by content, then decodable) with the spec message', async () => {
    expect((await uploadImages(api, firmToken, [await testImage('webp')])).statusCode).toBe(415);
    const jpeg = await testImage('jpeg', 200, 200);
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(400, 0x55)]);
    const res = await uploadImages(api, firmToken, [broken]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('answers 413 for a file over 15 MB and for more than 20 files in one request', async () => {
    const big = Buffer.concat([await testImage('jpeg'), Buffer.alloc(15 * 1024 * 1024)]);
    const tooBig = await uploadImages(api, firmToken, [big]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Each image must be at most 15 MB.');
    const image = await testImage('jpeg');
    const tooMany = await uploadImages(api, firmToken, Array.from({ length: 21 }, () => image));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('Upload at most 20 images at a time.');
  });

  it('answers 400 without files, 415 for a JSON body, 401 without a token and 403 for an explorer', async () => {
    const none = await postMultipart(api, '/api/projects/images', [{ name: 'note', value: 'nothing' }], firmToken);
    expect(none.statusCode).toBe(400);
    expect((await call('POST', '/projects/images', firmToken, { files: [] })).statusCode).toBe(415);
    expect((await uploadImages(api, '', [await testImage()])).statusCode).toBe(401);
    expect((await uploadImages(api, explorerToken, [await testImage()])).statusCode).toBe(403);
  });

  it('strips EXIF, GPS included, from every variant and keeps no original', async () => {
    const withGps = await sharp(await testImage('jpeg', 120, 90))
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Spy 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 24/1' },
      })
      .jpeg()
      .toBuffer();
    const source = await sharp(withGps).metadata();
    expect(source.exif?.toString('latin1')).toContain('TestCam');
    const res = await uploadImages(api, firmToken, [withGps]);
    expect(res.statusCode).toBe(201);
    const [image] = res.json().images;
    const folder = path.dirname(fileOf(image.w480));
    expect((await fs.readdir(folder)).sort()).toEqual(['w1600.webp', 'w480.webp', 'w960.webp']);
    for (const name of ['w480', 'w960', 'w1600']) {
      const bytes = await fs.readFile(fileOf(image[name]));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
    }
  });

  it('honours the EXIF orientation before dropping it', async () => {
    // 80×40 stored, orientation 6 (rotate 90° clockwise): displayed 40×80.
    const rotated = await sharp(await testImage('jpeg', 80, 40)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const res = await uploadImages(api, firmToken, [rotated]);
    const [image] = res.json().images;
    expect(image).toMatchObject({ width: 40, height: 80 });
    const meta = await sharp(await fs.readFile(fileOf(image.w960))).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([40, 80, undefined]);
  });

  it('lets the uploader discard an upload not yet in a project; others get 404', async () => {
    const [id] = await uploadedImageIds(api, firmToken, 1);
    expect((await call('DELETE', `/projects/images/${id}`, otherFirmToken)).statusCode).toBe(404);
    const res = await call('DELETE', `/projects/images/${id}`, firmToken);
    expect(res.statusCode).toBe(200);
    const project = await call('POST', '/projects/public-project', firmToken, projectBody([id!, ...(await uploadedImageIds(api, firmToken, 3))]));
    expect(project.statusCode).toBe(400);
    expect(project.json().details[0]).toEqual({ path: 'imageIds.0', message: 'Image not found; upload it again' });
  });
});
