import { describe, expect, it } from 'vitest';
import { imageIdOfRef, scheduleImageJson, scheduleImageKeys } from './schedule-images';

const PROJECT = 'a'.repeat(24);
const IMAGE = `${'b'.repeat(24)}_640x480`;

describe('imageIdOfRef', () => {
  it('takes an image id, or a url the upload answered for this project (with or without origin and size)', () => {
    expect(imageIdOfRef(IMAGE, PROJECT)).toBe(IMAGE);
    expect(imageIdOfRef(`/api/projects/schedules/images/${PROJECT}/${IMAGE}`, PROJECT)).toBe(IMAGE);
    expect(imageIdOfRef(`https://studio.example/api/projects/schedules/images/${PROJECT}/${IMAGE}?size=480`, PROJECT)).toBe(IMAGE);
  });

  it('names nothing for another project’s url, another path, or a malformed id', () => {
    expect(imageIdOfRef(`/api/projects/schedules/images/${'c'.repeat(24)}/${IMAGE}`, PROJECT)).toBeNull();
    expect(imageIdOfRef(`/uploads/schedules/${PROJECT}/${IMAGE}/w960.webp`, PROJECT)).toBeNull();
    expect(imageIdOfRef(`/api/projects/schedules/images/${PROJECT}/../${IMAGE}`, PROJECT)).toBeNull();
    expect(imageIdOfRef(`${'b'.repeat(24)}_0x480`, PROJECT)).toBeNull();
    expect(imageIdOfRef('b'.repeat(24), PROJECT)).toBeNull();
  });
});

describe('stored image folders', () => {
  it('answers the api urls and the size of a folder, and its three variant files', () => {
    const folder = `schedules/${PROJECT}/${IMAGE}`;
    expect(scheduleImageJson(PROJECT, folder)).toEqual({
      id: IMAGE,
      url: `/api/projects/schedules/images/${PROJECT}/${IMAGE}`,
      w480: `/api/projects/schedules/images/${PROJECT}/${IMAGE}?size=480`,
      w960: `/api/projects/schedules/images/${PROJECT}/${IMAGE}?size=960`,
      w1600: `/api/projects/schedules/images/${PROJECT}/${IMAGE}?size=1600`,
      width: 640,
      height: 480,
    });
    expect(scheduleImageKeys([folder])).toEqual([`${folder}/w480.webp`, `${folder}/w960.webp`, `${folder}/w1600.webp`]);
  });
});
