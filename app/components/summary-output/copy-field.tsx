import { useState } from 'react';

/** A read-only address with a Copy button (with JavaScript; without it the text is selectable). */
export function CopyField({ label, value, id = 'so-copy-value' }: { label: string; value: string; id?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="so-copy">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} data-testid="link-url" />
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
