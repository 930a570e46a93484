import { describe, expect, it } from 'vitest';
import { PREVIEW_WIDTH } from '../../../server/contract/files-rules';
import { storedWidth, widthAfterDrag, widthAfterKey } from './preview-width';

describe('the preview panel width', () => {
  it('widens when the handle is dragged left and narrows when dragged right, within 220 to 600 px', () => {
    expect(widthAfterDrag(320, 900, 850)).toBe(370);
    expect(widthAfterDrag(320, 900, 960)).toBe(260);
    expect(widthAfterDrag(320, 900, 0)).toBe(PREVIEW_WIDTH.max);
    expect(widthAfterDrag(320, 900, 2000)).toBe(PREVIEW_WIDTH.min);
  });

  it('moves by 20 px with the arrow keys (80 with Shift), to the ends with Home and End, and ignores other keys', () => {
    expect(widthAfterKey(320, 'ArrowLeft')).toBe(340);
    expect(widthAfterKey(320, 'ArrowRight')).toBe(300);
    expect(widthAfterKey(320, 'ArrowLeft', true)).toBe(400);
    expect(widthAfterKey(590, 'ArrowLeft')).toBe(600);
    expect(widthAfterKey(225, 'ArrowRight')).toBe(220);
    expect(widthAfterKey(320, 'Home')).toBe(220);
    expect(widthAfterKey(320, 'End')).toBe(600);
    expect(widthAfterKey(320, 'Enter')).toBeNull();
  });

  it('reads a stored width back only when it is a number, clamped; 320 px otherwise', () => {
    expect(storedWidth('410')).toBe(410);
    expect(storedWidth('9000')).toBe(600);
    expect(storedWidth('wide')).toBe(320);
    expect(storedWidth(null)).toBe(320);
  });
});
