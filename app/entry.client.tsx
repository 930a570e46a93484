import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { preloadRegisterFirmDialog } from '~/components/register-firm-dialog-lazy';

/**
 * Remix's default browser entry, but a page served with the register-firm dialog open waits for the
 * dialog's module before it hydrates (docs/decisions/160): otherwise the dialog stays server HTML
 * until its module arrives, and a country chosen in that moment never loads its states.
 */
const before = document.querySelector('[data-testid="register-firm-dialog"]') ? preloadRegisterFirmDialog() : null;

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// A module that fails to load still leaves the page to hydrate; the dialog then loads on demand.
if (before) void before.then(hydrate, hydrate);
else hydrate();
