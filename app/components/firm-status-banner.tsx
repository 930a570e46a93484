import { Link, useLocation } from '@remix-run/react';
import { pathWithDialog, pathWithoutDialog } from '~/utils/register-firm';
import type { RegisterFirmBanner } from '~/utils/register-firm.server';
import { VERIFICATION_PROMISE } from '../../server/contract/firm-registration';
import { VERIFY } from '../../server/contract/vocabulary';

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
      <div className="firm-banner firm-banner-pending" role="status" data-testid="firm-banner">
        <div className="firm-banner-inner">
          <span className="firm-banner-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="18" height="18">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </span>
          <p>
            <strong>{banner.firmName ?? 'Your firm'} is waiting for verification.</strong> {VERIFICATION_PROMISE}. Until then your
            portfolio is visible only to you.
          </p>
        </div>
      </div>
    );
  }
  if (banner.isVerify === VERIFY.rejected) {
    return (
      <div className="firm-banner firm-banner-rejected" role="status" data-testid="firm-banner">
        <div className="firm-banner-inner">
          <span className="firm-banner-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="18" height="18">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7v6M12 16.5v.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </span>
          <p>
            <strong>Your firm registration was not approved.</strong>
            {banner.verifyNote ? <> Reason: {banner.verifyNote}</> : null}
          </p>
          <Link to={registerHref} preventScrollReset className="button button-secondary">
            Register again
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="firm-banner firm-banner-info" role="status" data-testid="firm-banner">
      <div className="firm-banner-inner">
        <p>
          <strong>Your firm is not verified yet.</strong> Register it to appear in Explore and in the firm directory.
        </p>
        <Link to={registerHref} preventScrollReset className="button button-secondary">
          Register firm
        </Link>
      </div>
    </div>
  );
}
