import { useEffect, useRef, useState } from 'react';

export type ToastData = { message: string; type: 'success' | 'error' | 'info' | 'warning'; description?: string };

/**
 * The toasts on the page (the root's, from the redirect's cookie, and a route's, from its action's
 * reply), each with the way to hide it. They share the top-right corner: a toast shown hides the
 * one shown before, so that "Room added" does not stay under a refusal that follows it.
 */
const onPage = new Map<symbol, () => void>();

/**
 * Top-right toast for 2000 ms. The fade-out is a CSS animation, so it also leaves without JavaScript;
 * with JavaScript it is removed from the page afterwards, or as soon as another toast is shown.
 */
export function Toast({ toast }: { toast?: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null | undefined>(toast);
  const self = useRef(Symbol('toast'));
  useEffect(() => {
    const key = self.current;
    onPage.set(key, () => setVisible(null));
    return () => {
      onPage.delete(key);
    };
  }, []);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    for (const [key, hide] of onPage) if (key !== self.current) hide();
    const timer = setTimeout(() => setVisible(null), 2300);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    <div className="toast-region" aria-live="polite">
      <div className={`toast toast-${visible.type}`} role={visible.type === 'error' ? 'alert' : 'status'} data-testid="toast">
        {visible.message}
        {visible.description ? <small>{visible.description}</small> : null}
      </div>
    </div>
  );
}
