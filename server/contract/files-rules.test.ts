import { describe, expect, it } from 'vitest';
import { clampPreviewWidth, fileFamily, fileFormat, formatBytes, previewKind } from './files-rules';

describe('file types as the files list and the preview panel use them', () => {
  it('puts a type in the spec’s icon families by its content type', () => {
    expect(['application/pdf', 'image/jpeg', 'image/svg+xml', 'image/bmp', 'video/x-matroska', 'audio/mpeg', 'text/plain', 'application/zip'].map(fileFamily)).toEqual([
      'pdf',
      'image',
      'image',
      'image',
      'video',
      'audio',
      'other',
      'other',
    ]);
    expect(fileFamily('IMAGE/PNG; charset=binary')).toBe('image');
  });

  it('previews PDF, raster images and videos; never SVG, audio or anything else', () => {
    expect(['application/pdf', 'image/png', 'image/gif', 'image/webp', 'video/webm', 'video/quicktime'].map(previewKind)).toEqual([
      'pdf',
      'image',
      'image',
      'image',
      'video',
      'video',
    ]);
    expect(['image/svg+xml', 'audio/mpeg', 'text/html', 'application/octet-stream', 'image/tiff'].map(previewKind)).toEqual(['none', 'none', 'none', 'none', 'none']);
  });

  it('names the type for the Type column, falling back on the family', () => {
    expect(fileFormat('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('Word');
    expect(fileFormat('video/webm')).toBe('WebM');
    expect(fileFormat('application/octet-stream')).toBe('Unknown');
    expect(fileFormat('image/x-icon')).toBe('Image');
    expect(fileFormat('application/x-something')).toBe('File');
  });

  it('writes sizes the way people read them', () => {
    expect([0, 1023, 1024, 1536, 10 * 1024 + 300, 5 * 1024 * 1024, 1.25 * 1024 ** 3].map(formatBytes)).toEqual(['0 B', '1023 B', '1 KB', '1.5 KB', '10 KB', '5 MB', '1.3 GB']);
  });

  it('keeps the preview panel between 220 and 600 px, 320 when the width is not a number', () => {
    expect([100, 220, 333.4, 600, 9000, Number.NaN].map(clampPreviewWidth)).toEqual([220, 220, 333, 600, 600, 320]);
  });
});
