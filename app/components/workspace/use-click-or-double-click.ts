import { useEffect, useRef, type MouseEvent } from 'react';

/** The spec's wait before a single click acts, so that a double-click does not (workspace-and-admin.md section 9). */
export const SINGLE_CLICK_DELAY_MS = 250;

/**
 * Click and double-click on one element (a folder opens on a click and is renamed on a
 * double-click): a mouse click acts after 250 ms unless a second click comes; a click from the
 * keyboard (Enter on a link) acts at once; a click with a modifier key or another button is left to
 * the browser (open in a new tab).
 */
export function useClickOrDoubleClick(onClick: () => void, onDoubleClick: () => void, delay = SINGLE_CLICK_DELAY_MS) {
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    onClick(event: MouseEvent<HTMLElement>) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      window.clearTimeout(timer.current);
      // detail is 0 for a click made with the keyboard, 2 for the second click of a double-click.
      if (event.detail === 0) return onClick();
      if (event.detail > 1) return;
      timer.current = window.setTimeout(onClick, delay);
    },
    onDoubleClick(event: MouseEvent<HTMLElement>) {
      event.preventDefault();
      window.clearTimeout(timer.current);
      onDoubleClick();
    },
  };
}
