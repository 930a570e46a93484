/**
 * The name an owner goes by: the firm's, else the user's. Apart from owner-card.tsx so that a route
 * using only the name (in its loader) does not bring the card, its dialogs and avatar to the browser.
 */
export function ownerName(owner: { firmName: string | null; userName: string }): string {
  return owner.firmName?.trim() || owner.userName;
}
