import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { pathWithDialog, pathWithoutDialog } from '~/utils/register-firm';
import type { RegisterFirmBanner } from '~/utils/register-firm';
import { VERIFICATION_PROMISE, VERIFY } from '../../server/contract/vocabulary';

/**
 * Under the header, for a firm whose verification is open: waiting (the 48-hour promise), rejected
 * (the reason, and a way to register again) or never registered (a firm role from sign-up).
 */
export function FirmStatusBanner({ banner }: { banner: RegisterFirmBanner | null | undefined }) {
  const { pathname, search } = useLocation();
  if (!banner) return null;
  const registerHref = pathWithDialog(pathWithoutDialog(pathname, search));
  if (banner.isVerify === VERIFY.pending) {
    return (
      <Banner tone="pending" icon="M12 7v5l3 2">
        <strong>{banner.firmName ?? 'Your firm'} is waiting for verification.</strong> {VERIFICATION_PROMISE}. Until then your
        portfolio is visible only to you.
      </Banner>
    );
  }
  if (banner.isVerify === VERIFY.rejected) {
    return (
      <Banner tone="rejected" icon="M12 7v6M12 16.5v.5" register={{ href: registerHref, label: 'Register again' }}>
        <strong>Your firm registration was not approved.</strong>
        {banner.verifyNote ? <> Reason: {banner.verifyNote}</> : null}
      </Banner>
    );
  }
  return (
    <Banner tone="info" register={{ href: registerHref, label: 'Register firm' }}>
      <strong>Your firm is not verified yet.</strong> Register it to appear in Explore and in the firm directory.
    </Banner>
  );
}

/** One banner: an optional icon (a circle around the `icon` path), the message and an optional link to the register dialog. */
function Banner({
  tone,
  icon,
  register,
  children,
}: {
  tone: 'pending' | 'rejected' | 'info';
  icon?: string;
  register?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className={`firm-banner firm-banner-${tone}`} role="status" data-testid="firm-banner">
      <div className="firm-banner-inner">
        {icon ? (
          <span className="firm-banner-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="18" height="18">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d={icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </span>
        ) : null}
        <p>{children}</p>
        {register ? (
          <Link to={register.href} preventScrollReset className="button button-secondary">
            {register.label}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
