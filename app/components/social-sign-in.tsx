import { useNavigation, useRouteLoaderData, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { SOCIAL_BUTTON_HEIGHTS, type SocialButtonSize, type SocialProvider } from '../../server/contract/social-login-rules';

/**
 * "Sign in with Google" (Google Identity Services) and "Sign in with Apple" (Sign in with Apple JS).
 * Shown only with JavaScript and only for a provider whose client id is configured; the provider
 * scripts are loaded by this component, so only on the page that shows it (the login view).
 * The credential a provider yields is posted to the web action /auth/social.
 */

export type SocialProviderConfig = { clientId: string; scriptUrl: string };
export type SocialSignInConfig = Record<SocialProvider, SocialProviderConfig | null>;

/** The fields of the api's social login payload, read from the provider's answer. */
export type SocialCredential = {
  loginType: SocialProvider;
  idToken: string;
  email: string;
  socialId: string;
  displayName: string;
  photoURL: string;
};

type GoogleCredentialResponse = { credential: string; select_by?: string; clientId?: string };
type AppleSignInResponse = {
  authorization: { id_token: string; code: string; state?: string };
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
};

declare global {
  interface Window {
    google?: {
      accounts: {
        id: {
          initialize(config: Record<string, unknown> & { client_id: string; callback: (response: GoogleCredentialResponse) => void }): void;
          renderButton(parent: HTMLElement, options: Record<string, unknown> & { size: SocialButtonSize }): void;
        };
      };
    };
    AppleID?: {
      auth: {
        init(config: { clientId: string; scope: string; redirectURI: string; state?: string; usePopup: boolean }): void;
        signIn(): Promise<AppleSignInResponse>;
      };
    };
  }
}

const scripts = new Map<string, Promise<void>>();

/** Adds a script once per page; later calls share its loading. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** The claims of an ID token, read without verifying it (the api verifies). */
export function readIdTokenClaims(idToken: string): Record<string, unknown> {
  try {
    const part = idToken.split('.')[1] ?? '';
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

// Provider failures are logged, not shown (spec, section 8).
const logFailure = (provider: string, error: unknown) => console.warn(`Sign in with ${provider} failed`, error);

function AppleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701"
      />
    </svg>
  );
}

/** The buttons themselves, given the configuration and what to do with a credential. */
export function SocialButtons({
  config,
  size = 'large',
  busy = false,
  onCredential,
}: {
  config: SocialSignInConfig;
  size?: SocialButtonSize;
  busy?: boolean;
  onCredential: (credential: SocialCredential) => void;
}) {
  const { google, apple } = config;
  // The effects depend on the providers' values, not on the config objects (new on every render).
  const googleClientId = google?.clientId;
  const googleScriptUrl = google?.scriptUrl;
  const appleClientId = apple?.clientId;
  const appleScriptUrl = apple?.scriptUrl;
  // Rendered only after hydration: without JavaScript there is nothing to click.
  const [hydrated, setHydrated] = useState(false);
  const [googleReady, setGoogleReady] = useState(false);
  const [appleReady, setAppleReady] = useState(false);
  const googleButton = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  latest.current = onCredential;

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!hydrated || !googleClientId || !googleScriptUrl) return;
    let active = true;
    loadScript(googleScriptUrl)
      .then(() => {
        const gsi = window.google?.accounts.id;
        if (!active || !gsi || !googleButton.current) return;
        gsi.initialize({
          client_id: googleClientId,
          ux_mode: 'popup',
          auto_select: false,
          context: 'signin',
          callback: (response) => {
            const claims = readIdTokenClaims(response.credential);
            latest.current({
              loginType: 'google',
              idToken: response.credential,
              email: text(claims.email),
              socialId: text(claims.sub),
              displayName: text(claims.name),
              photoURL: text(claims.picture),
            });
          },
        });
        gsi.renderButton(googleButton.current, {
          type: 'standard',
          theme: 'outline',
          size,
          text: 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'left',
        });
        setGoogleReady(true);
      })
      .catch((error) => logFailure('Google', error));
    return () => {
      active = false;
    };
  }, [hydrated, googleClientId, googleScriptUrl, size]);

  useEffect(() => {
    if (!hydrated || !appleClientId || !appleScriptUrl) return;
    let active = true;
    loadScript(appleScriptUrl)
      .then(() => {
        if (!active || !window.AppleID) return;
        window.AppleID.auth.init({
          clientId: appleClientId,
          scope: 'name email',
          redirectURI: `${window.location.origin}/auth/social`,
          usePopup: true,
        });
        setAppleReady(true);
      })
      .catch((error) => logFailure('Apple', error));
    return () => {
      active = false;
    };
  }, [hydrated, appleClientId, appleScriptUrl]);

  const signInWithApple = () => {
    // Called straight from the click, so the provider's popup is not blocked.
    window.AppleID?.auth
      .signIn()
      .then((response) => {
        const idToken = response.authorization.id_token;
        const claims = readIdTokenClaims(idToken);
        const name = [response.user?.name?.firstName, response.user?.name?.lastName].filter(Boolean).join(' ');
        latest.current({
          loginType: 'apple',
          idToken,
          email: text(claims.email) || text(response.user?.email),
          socialId: text(claims.sub),
          displayName: name,
          photoURL: '',
        });
      })
      .catch((error) => logFailure('Apple', error));
  };

  if (!hydrated || (!google && !apple)) return null;
  const height = SOCIAL_BUTTON_HEIGHTS[size];
  return (
    <div className={`social-sign-in social-${size}`} data-testid="social-sign-in" aria-busy={busy || undefined}>
      <p className="social-divider">
        <span>or</span>
      </p>
      <div className="social-buttons">
        {google ? <div ref={googleButton} className="social-google" style={googleReady ? { minHeight: height } : undefined} /> : null}
        {apple && appleReady ? (
          <button type="button" className="social-button social-apple" style={{ height }} onClick={signInWithApple} disabled={busy}>
            <AppleLogo />
            Sign in with Apple
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The login view's social sign-in: configuration from the root loader, credential posted to /auth/social. */
export function SocialSignIn({ size = 'large' }: { size?: SocialButtonSize }) {
  // The root loader's data (a component never imports the root module).
  const config = useRouteLoaderData<{ socialSignIn: SocialSignInConfig }>('root')?.socialSignIn;
  const submit = useSubmit();
  const navigation = useNavigation();
  const container = useRef<HTMLDivElement>(null);
  if (!config) return null;
  const busy = navigation.state !== 'idle' && navigation.formAction === '/auth/social';

  const onCredential = (credential: SocialCredential) => {
    // Remember me of the login form beside the buttons applies to a social sign-in as well.
    const panel = container.current?.closest('#auth') ?? document;
    const remember = panel.querySelector<HTMLInputElement>('form#login-form input[name="remember"]')?.checked ?? false;
    submit({ ...credential, remember: remember ? 'on' : '' }, { method: 'post', action: '/auth/social' });
  };

  return (
    <div ref={container} className="social-sign-in-slot">
      <SocialButtons config={config} size={size} busy={busy} onCredential={onCredential} />
    </div>
  );
}
