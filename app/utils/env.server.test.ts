import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SESSION_SECRET, parseWebEnv } from './env.server';

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://archivista.example', SESSION_SECRET: 'a-long-random-value-0123456789abcdef' };

describe('the web configuration', () => {
  it('refuses to start in production with the development secret, a placeholder or none', () => {
    expect(() => parseWebEnv({ ...production, SESSION_SECRET: DEVELOPMENT_SESSION_SECRET })).toThrow(/SESSION_SECRET is a placeholder/);
    expect(() => parseWebEnv({ ...production, SESSION_SECRET: 'change-me-to-a-long-random-string' })).toThrow(/placeholder/);
    expect(() => parseWebEnv({ ...production, SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET is not set/);
    expect(() => parseWebEnv({ ...production, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL is not set/);
    expect(parseWebEnv({ NODE_ENV: 'development' }).SESSION_SECRET).toBe(DEVELOPMENT_SESSION_SECRET);
  });

  it('marks cookies Secure whenever the public URL is https, whatever API_URL says', () => {
    expect(parseWebEnv({ ...production, API_URL: 'http://127.0.0.1:3001' }).secureCookies).toBe(true);
    expect(parseWebEnv({ ...production, PUBLIC_URL: 'http://localhost:3000' }).secureCookies).toBe(false);
    expect(parseWebEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://x.example', SECURE_COOKIES: 'false' }).secureCookies).toBe(false);
    expect(() => parseWebEnv({ ...production, SECURE_COOKIES: 'false' })).toThrow(/SECURE_COOKIES=false is for tests/);
  });
});

describe('the footer’s social links', () => {
  it('are the operator’s http(s) pages; an empty one is unset, anything else refuses to start', async () => {
    const { footerLinks } = await import('./footer.server');
    const config = parseWebEnv({ FOOTER_FACEBOOK_URL: 'https://www.facebook.com/studio', FOOTER_X_URL: '  ', FOOTER_YOUTUBE_URL: 'http://youtube.example/@studio' });
    expect(footerLinks(config)).toEqual([
      { network: 'Facebook', href: 'https://www.facebook.com/studio' },
      { network: 'YouTube', href: 'http://youtube.example/@studio' },
    ]);
    expect(footerLinks(parseWebEnv({}))).toEqual([]);
    expect(() => parseWebEnv({ FOOTER_INSTAGRAM_URL: 'javascript:alert(1)' })).toThrow(/FOOTER_INSTAGRAM_URL: must be an http/);
    expect(() => parseWebEnv({ FOOTER_LINKEDIN_URL: '#top' })).toThrow(/FOOTER_LINKEDIN_URL/);
  });
});
