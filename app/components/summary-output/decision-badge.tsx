import type { ShareDecision } from '../../../server/contract/share-links-rules';

/** A client's decision as a coloured label (the status colours of Approved and Rejected). */
export function DecisionBadge({ decision }: { decision: ShareDecision }) {
  return (
    <span className="so-badge" data-decision={decision}>
      {decision === 'approved' ? 'Approved' : 'Rejected'}
    </span>
  );
}
