import { clampPreviewWidth, PREVIEW_WIDTH } from '../../../server/contract/files-rules';

/**
 * The preview panel's width as its handle moves it (section 9: 320 px by default, 220 to 600).
 * The panel is on the right of the list: moving the handle left widens it.
 */

/** The width after a drag from `startX` (where the pointer went down, at `startWidth`) to `x`. */
export function widthAfterDrag(startWidth: number, startX: number, x: number): number {
  return clampPreviewWidth(startWidth + (startX - x));
}

/** The width after a key on the focused handle, or null for a key it does not use (the ARIA window splitter's keys). */
export function widthAfterKey(width: number, key: string, big = false): number | null {
  const step = big ? PREVIEW_WIDTH.step * 4 : PREVIEW_WIDTH.step;
  switch (key) {
    case 'ArrowLeft':
      return clampPreviewWidth(width + step);
    case 'ArrowRight':
      return clampPreviewWidth(width - step);
    case 'Home':
      return PREVIEW_WIDTH.min;
    case 'End':
      return PREVIEW_WIDTH.max;
    default:
      return null;
  }
}

/** A width read back from the browser's storage: a number in range, else the default. */
export function storedWidth(value: string | null): number {
  const width = value === null ? Number.NaN : Number(value);
  return Number.isFinite(width) ? clampPreviewWidth(width) : PREVIEW_WIDTH.default;
}
