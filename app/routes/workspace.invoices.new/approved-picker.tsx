import { getCollectionProps, type FieldMetadata } from '@conform-to/react';
import { ErrorList } from '~/components/field';
import { formatPaise } from '../../../server/contract/money-text';

type Section = { id: string; title: string; clientPrice: number; items: Array<{ id: string; title: string; clientPrice: number }> };

/**
 * The chosen schedule's approved sections and their priced items as checkboxes (an
 * invoice of approved sections "or chosen items", docs/decisions/280): a ticked section is invoiced whole, a ticked item on its own. Shown once the
 * schedule is chosen with "Show its approved sections" (a GET of this page, so without JavaScript too).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's schema does not matter here
export function ApprovedPicker({ sections, sectionIds, itemIds }: { sections: Section[]; sectionIds: FieldMetadata<any, any, string[]>; itemIds: FieldMetadata<any, any, string[]> }) {
  const sectionBoxes = new Map(getCollectionProps(sectionIds, { type: 'checkbox', options: sections.map((s) => s.id) }).map((p) => [p.value, p]));
  const itemBoxes = new Map(
    getCollectionProps(itemIds, { type: 'checkbox', options: sections.flatMap((s) => s.items.map((i) => i.id)) }).map((p) => [p.value, p]),
  );
  return (
    <fieldset className="iv-pick" data-testid="invoice-pick" aria-describedby={sectionIds.errors?.length ? sectionIds.errorId : undefined}>
      <legend>Approved sections of the schedule</legend>
      {sections.length === 0 ? <p className="muted">This schedule has no approved section yet.</p> : null}
      {sections.map((section) => {
        const { key, ...box } = sectionBoxes.get(section.id)!;
        return (
          <div key={key} className="iv-pick-section">
            <label>
              <input {...box} /> <strong>{section.title}</strong> <span className="muted">{formatPaise(section.clientPrice)} · the whole section</span>
            </label>
            <ul>
              {section.items.map((item) => {
                const { key: itemKey, ...itemBox } = itemBoxes.get(item.id)!;
                return (
                  <li key={itemKey}>
                    <label>
                      <input {...itemBox} /> {item.title} <span className="muted">{formatPaise(item.clientPrice)}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      <ErrorList id={sectionIds.errorId} errors={[...(sectionIds.errors ?? []), ...(itemIds.errors ?? [])]} />
    </fieldset>
  );
}
