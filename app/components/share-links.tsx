import { useRouteLoaderData } from '@remix-run/react';
import { useState, type MouseEvent } from 'react';

/** The share targets of a page (docs/decisions/389): plain addresses, so they work without JavaScript. */
export function shareTargets(url: string, title: string) {
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    mail: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`,
  };
}

/**
 * Share buttons of a project or firm page: WhatsApp (wa.me), mail, and the page's own address
 * ("Copy link": without JavaScript a link to copy from the context menu; with it, copied at a click).
 */
export function ShareLinks({ path, title }: { path: string; title: string }) {
  const root = useRouteLoaderData('root') as { publicUrl?: string } | undefined;
  const url = `${(root?.publicUrl ?? '').replace(/\/+$/, '')}${path}`;
  const targets = shareTargets(url, title);
  const [copied, setCopied] = useState(false);
  const copy = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigator.clipboard) return;
    event.preventDefault();
    void navigator.clipboard.writeText(url).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <nav className="share-links" aria-label="Share" data-testid="share-links">
      <span className="share-label">Share</span>
      <a className="button button-ghost share-button" href={targets.whatsapp} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
        WhatsApp
      </a>
      <a className="button button-ghost share-button" href={targets.mail} data-testid="share-mail">
        Email
      </a>
      <a className="button button-ghost share-button" href={url} onClick={copy} data-testid="share-copy">
        Copy link
      </a>
      <span role="status" className="share-status">
        {copied ? 'Link copied' : ''}
      </span>
    </nav>
  );
}
