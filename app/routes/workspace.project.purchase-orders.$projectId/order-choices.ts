import type { CandidatesReply } from '../../../server/contract/purchase-orders';

type Candidate = CandidatesReply['data']['items'][number];

/**
 * The items a new purchase order offers (decision 400): goods only (a fee or a service is not
 * bought from a supplier), and none ticked, so an order holds what the person chose and never every
 * approved item by default.
 */
export const orderChoices = (items: readonly Candidate[]) => items.filter((item) => item.type === 'product').map((item) => ({ ...item, ticked: false }));
