import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl (docs/decisions/245)', () => {
  const token = 'Q3kz_9xYv-2LmNpQrStUvWxYz0123456789abcd';
  it.each([
    [`/share/${token}`, '/share/[redacted]'],
    [`/share/${token}?_data=routes%2Fshare.%24token`, '/share/[redacted]?_data=routes%2Fshare.%24token'],
    [`/api/share/${token}/sections/abc/decision`, '/api/share/[redacted]/sections/abc/decision'],
    [`/api/share/short/images/0123456789abcdef01234567`, '/api/share/[redacted]/images/0123456789abcdef01234567'],
    [`/api/calendar/feed/${token}.ics`, '/api/calendar/feed/[redacted]'],
    ['/reset?token=abc&email=a%40b.c', '/reset?token=[redacted]&email=a%40b.c'],
    ['/confirm?code=123456', '/confirm?code=[redacted]'],
    ['/x?otp=1&access_token=2&resetCode=3&api-key=4&sig=5', '/x?otp=[redacted]&access_token=[redacted]&resetCode=[redacted]&api-key=[redacted]&sig=[redacted]'],
    [`/confirm-email/${token}`, '/confirm-email/[redacted]'],
    [`/anything?next=${token}`, '/anything?next=[redacted]'],
    // The address link (docs/decisions/340): redacted by where it stands, whatever its shape.
    ['/confirm-address/plainlowercaseletterswithoutdigits', '/confirm-address/[redacted]'],
    ['/api/users/address-confirmation/plainlowercaseletterswithoutdigits', '/api/users/address-confirmation/[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/calendar/feed',
    '/api/projects/share-links/7c1f6b0e-2a4d-4d1e-9b8a-0f5e3c2d1a00',
    '/uploads/workspace/7c1f6b0e-2a4d-4d1e-9b8a-0f5e3c2d1a00/photo-drafts/0123456789abcdef01234567/w480.webp',
    '/explore?page=2&country=IN&state=MH&stateCode=MH',
    '/workspace/summary/a-rather-long-kebab-case-page-name-here',
    '/%E0%A4%',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
