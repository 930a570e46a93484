import { useRootData } from '~/root';
import { zoneOf } from '../../server/contract/dates';

/**
 * The time zone every date on the page is shown in (decision 265): the viewer's firm's, from the
 * session's snapshot; India's for a visitor. Server and browser read the same value, so the text
 * hydrates unchanged.
 */
export function useTimeZone(): string {
  return zoneOf(useRootData()?.user);
}
