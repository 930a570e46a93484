import { useEffect, useState } from 'react';

export type ToastData = { message: string; type: 'success' | 'error' | 'info' | 'warning'; description?: string };

/**
 * Top-right toast for 2000 ms. The fade-out is a CSS animation, so it also leaves without JavaScript;
 * with JavaScript it is removed from the page afterwards.
 */
export function Toast({ toast }: { toast?: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null | undefined>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
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
