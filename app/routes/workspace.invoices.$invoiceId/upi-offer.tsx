import { Form } from '@remix-run/react';
import { formatPaise, formatPrice } from '../../../server/contract/money-text';
import type { UpiOfferData } from './upi-offer.server';

/** The invoice page's UPI card (decision 397): the QR of what is owed, or of a part within the UPI limit. */
export function UpiOffer({ offer }: { offer: UpiOfferData }) {
  const errorId = 'upi-amount-error';
  return (
    <section className="iv-card" style={{ marginTop: 16 }} aria-labelledby="upi-title" data-testid="upi-offer">
      <h2 id="upi-title">Pay by UPI</h2>
      {offer.overLimit ? (
        <p data-testid="upi-over-limit">
          What is owed is above the UPI limit of {formatPrice(offer.limit)}: the client pays by bank transfer, or by UPI in parts of at most {formatPrice(offer.limit)}.
        </p>
      ) : null}
      {offer.qrSvg && offer.amount ? (
        <figure className="iv-upi">
          <div className="iv-qr" role="img" aria-label={`UPI code for ${formatPaise(offer.amount)}`} dangerouslySetInnerHTML={{ __html: offer.qrSvg }} />
          <figcaption>
            Scan to pay <strong data-testid="upi-amount">{formatPaise(offer.amount)}</strong>, or open <a href={offer.upiUri ?? undefined}>the UPI link</a>.
          </figcaption>
        </figure>
      ) : null}
      {offer.overLimit ? (
        <Form method="get" className="iv-inline" data-testid="upi-part-form">
          <label htmlFor="upi-amount">Amount of this part (₹)</label>
          <input id="upi-amount" name="upi" inputMode="decimal" defaultValue={offer.typed} aria-invalid={offer.error ? true : undefined} aria-describedby={offer.error ? errorId : undefined} />
          <button type="submit" className="button button-secondary">
            Show the UPI code
          </button>
          {offer.error ? (
            <p id={errorId} className="field-errors" role="alert">
              {offer.error}
            </p>
          ) : null}
        </Form>
      ) : null}
    </section>
  );
}
