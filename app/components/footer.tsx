import { DEFAULT_PRODUCT_NAME } from '../../server/contract/product-rules';

export type SocialNetwork = 'Facebook' | 'Instagram' | 'X' | 'LinkedIn' | 'YouTube';
/** A social link of the footer: the network and the operator's page on it. */
export type FooterLink = { network: SocialNetwork; href: string };

const ICONS: Record<SocialNetwork, string> = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v10h4V14h3l1-4h-4V8.5c0-.4.2-.5.5-.5z',
  Instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  X: 'M4 4h4l4 5.5L16.5 4H20l-6.2 7.3L20.5 20h-4l-4.4-6-5 6H3.5l6.9-8z',
  LinkedIn: 'M4 9h4v11H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h3.8v1.6c.6-1 1.9-1.9 3.7-1.9 3.4 0 4.5 2 4.5 5.4V20h-4v-5.2c0-1.5-.3-2.6-1.8-2.6-1.6 0-2.2 1.1-2.2 2.7V20h-4z',
  YouTube: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
};

/**
 * Footer of every page except `/`: the "Powered By" line and the operator's social-media links
 * (FOOTER_*_URL, decision 212; the spec's five networks, each shown only when its page is set).
 */
export function Footer({ links = [], productName = DEFAULT_PRODUCT_NAME }: { links?: ReadonlyArray<FooterLink>; productName?: string }) {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <p className="powered">
          Powered By <strong>{productName}</strong> © 2024
        </p>
        {links.length ? (
          <ul className="social" aria-label="Social media">
            {links.map(({ network, href }) => (
              <li key={network}>
                <a href={href} aria-label={network} title={network} target="_blank" rel="noopener noreferrer">
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path d={ICONS[network]} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
