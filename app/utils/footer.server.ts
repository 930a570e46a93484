import type { FooterLink, SocialNetwork } from '~/components/footer';
import { env } from './env.server';

const SOURCES: ReadonlyArray<[SocialNetwork, keyof typeof env]> = [
  ['Facebook', 'FOOTER_FACEBOOK_URL'],
  ['Instagram', 'FOOTER_INSTAGRAM_URL'],
  ['X', 'FOOTER_X_URL'],
  ['LinkedIn', 'FOOTER_LINKEDIN_URL'],
  ['YouTube', 'FOOTER_YOUTUBE_URL'],
];

/** The footer's social links that are configured, in the footer's order (decision 212). */
export function footerLinks(source: Partial<Record<(typeof SOURCES)[number][1], unknown>> = env): FooterLink[] {
  return SOURCES.flatMap(([network, key]) => {
    const href = source[key];
    return typeof href === 'string' && href ? [{ network, href }] : [];
  });
}
