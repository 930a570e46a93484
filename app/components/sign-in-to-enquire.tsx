import { Link, useLocation } from '@remix-run/react';
import { signInHref } from '~/utils/paths';
import { withDialog } from './dialog';

/**
 * What a visitor sees in the Contact popup instead of the enquiry form: an enquiry needs an account,
 * and signing in (or up) brings them back here with the popup open (docs/decisions/385).
 */
export function SignInToEnquire() {
  const { pathname, search } = useLocation();
  const back = `${pathname}${withDialog(search, 'contact')}`;
  return (
    <p className="sign-in-to-enquire" data-testid="sign-in-to-enquire">
      <Link to={signInHref(back)} className="button button-primary">
        Log in to send an enquiry
      </Link>{' '}
      <Link to={signInHref(back, 'signup')} className="button button-ghost">
        Sign up
      </Link>
    </p>
  );
}
