import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { socialSignInConfig } from '~/utils/social.server';
import { readIdTokenClaims, SocialButtons } from './social-sign-in';

const scripts = { GOOGLE_SCRIPT_URL: 'https://idp.test/gsi', APPLE_SCRIPT_URL: 'https://idp.test/apple.js' };

describe('social sign-in configuration', () => {
  it('offers no provider when no client id is set (unset or empty)', () => {
    expect(socialSignInConfig({ ...scripts, GOOGLE_CLIENT_ID: undefined, APPLE_CLIENT_ID: undefined })).toEqual({ google: null, apple: null });
    expect(socialSignInConfig({ ...scripts, GOOGLE_CLIENT_ID: '', APPLE_CLIENT_ID: '  ' })).toEqual({ google: null, apple: null });
  });

  it('offers each provider whose client id is set, with its script', () => {
    expect(socialSignInConfig({ ...scripts, GOOGLE_CLIENT_ID: 'g-id', APPLE_CLIENT_ID: undefined })).toEqual({
      google: { clientId: 'g-id', scriptUrl: 'https://idp.test/gsi' },
      apple: null,
    });
  });
});

describe('SocialButtons', () => {
  const noop = () => undefined;

  it('renders nothing without a client id', () => {
    expect(renderToStaticMarkup(<SocialButtons config={{ google: null, apple: null }} onCredential={noop} />)).toBe('');
  });

  it('renders nothing on the server even when configured: the page without JavaScript has no buttons', () => {
    const config = { google: { clientId: 'g', scriptUrl: 'https://idp.test/gsi' }, apple: { clientId: 'a', scriptUrl: 'https://idp.test/apple.js' } };
    expect(renderToStaticMarkup(<SocialButtons config={config} onCredential={noop} />)).toBe('');
  });
});

describe('readIdTokenClaims', () => {
  it('reads the claims of a token (base64url, UTF-8) without verifying it', () => {
    const payload = Buffer.from(JSON.stringify({ sub: '42', email: 'zoë@example.test', name: 'Zoë Ørsted' })).toString('base64url');
    expect(readIdTokenClaims(`eyJhbGciOiJSUzI1NiJ9.${payload}.sig`)).toEqual({ sub: '42', email: 'zoë@example.test', name: 'Zoë Ørsted' });
  });

  it('answers no claims for something that is not a token', () => {
    expect(readIdTokenClaims('garbage')).toEqual({});
    expect(readIdTokenClaims('a.!!!.c')).toEqual({});
  });
});
