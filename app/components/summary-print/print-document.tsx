import { quantityWithUnit } from '../../../server/contract/quantity';
import { formatPercent, SUMMARY_ITEM_TYPE_LABELS, SUMMARY_STATUS_LABELS, type Figures, type SummaryStatus } from '../../../server/contract/summary-rules';
import { formatPaise } from '../../../server/contract/money-text';
import type { PrintData } from '../../../server/contract/summary-print';
import { cutText } from './cut-text';
import { PRINT_CSS } from './print-styles';

/**
 * The print view of a schedule's summary (DESIGN.md section 9 "The PDF"): rooms, then the chosen
 * sections on their status colour, their items with the first image, the title and the
 * description cut at 50 characters; the financial tab adds each item's figures, each section's,
 * room's and the whole print's totals. Rendered to static HTML on the server; nothing in it loads
 * anything (images are data URLs).
 */

export type PrintTab = 'summary' | 'financial';

type Room = PrintData['summary']['rooms'][number];
type Section = Room['sections'][number];
type Item = Section['items'][number];

/** Items with figures to print: financial items, and any other item given a price. */
const isPriced = (item: Item) => item.type === 'financial' || item.retailPrice !== 0 || item.tradePrice !== 0;

const money = (paise: number) => <span className={paise < 0 ? 'sp-neg' : undefined}>{formatPaise(paise)}</span>;

function Thumb({ item, images }: { item: Item; images: PrintData['images'] }) {
  const first = item.images[0];
  const src = first ? images[first.id] : undefined;
  if (src) return <img className="sp-thumb" src={src} alt="" />;
  // A product without a picture keeps its place; a text item needs none.
  return item.type === 'product' ? <div className="sp-thumb-empty" /> : null;
}

function ItemText({ item }: { item: Item }) {
  if (item.type === 'title') {
    return (
      <div className="sp-pairs">
        <div>
          <div className="sp-title">{item.title}</div>
          {item.description ? <div className="sp-desc">{cutText(item.description)}</div> : null}
        </div>
        <div>
          <div className="sp-title">{item.title1}</div>
          {item.description1 ? <div className="sp-desc">{cutText(item.description1)}</div> : null}
        </div>
      </div>
    );
  }
  return (
    <>
      {item.title ? <div className="sp-title">{item.title}</div> : null}
      {item.description ? <div className="sp-desc">{cutText(item.description)}</div> : null}
    </>
  );
}

function FigureCells({ figures }: { figures: Figures }) {
  return (
    <>
      <td className="num">{money(figures.clientPrice)}</td>
      <td className="num">{money(figures.netProfit)}</td>
      <td className="num">{formatPercent(figures.markup)}</td>
    </>
  );
}

function SectionBlock({ section, tab, images }: { section: Section; tab: PrintTab; images: PrintData['images'] }) {
  const financial = tab === 'financial';
  const status = section.status as SummaryStatus;
  // Financial items belong to the financial tab (workspace-and-admin.md screen 7).
  const items = financial ? section.items : section.items.filter((item) => item.type !== 'financial');
  const priced = items.some(isPriced);
  return (
    <section className="sp-section" data-status={status}>
      <div className="sp-section-head">
        <h3>{section.title}</h3>
        <span className="sp-status" data-status={status}>
          {SUMMARY_STATUS_LABELS[status] ?? status}
        </span>
      </div>
      {items.length ? (
        <table className={`sp-items${financial ? ' sp-items-financial' : ''}`}>
          <thead>
            <tr>
              <th className="sp-col-img">Image</th>
              <th>Item</th>
              {financial ? (
                <>
                  <th className="num">Retail</th>
                  <th className="num">Trade</th>
                  <th className="num">Qty</th>
                  <th className="num">Discount</th>
                  <th className="num">Client price</th>
                  <th className="num">Net profit</th>
                  <th className="num">Markup</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  <Thumb item={item} images={images} />
                </td>
                <td>
                  <div className="sp-type">{SUMMARY_ITEM_TYPE_LABELS[item.type]}</div>
                  <ItemText item={item} />
                </td>
                {financial && !isPriced(item) ? <td colSpan={7} /> : null}
                {financial && isPriced(item) ? (
                  <>
                    <td className="num">{formatPaise(item.retailPrice)}</td>
                    <td className="num">{formatPaise(item.tradePrice)}</td>
                    <td className="num">{quantityWithUnit(item.quantity, item.unit)}</td>
                    <td className="num">{formatPercent(item.discountBp / 100)}</td>
                    <FigureCells figures={item.figures} />
                  </>
                ) : null}
              </tr>
            ))}
            {financial && priced ? (
              <tr className="sp-total">
                <td />
                <td>Section total</td>
                <td colSpan={4} className="num">
                  Trade cost {formatPaise(section.totals.tradeCost)}
                </td>
                <FigureCells figures={section.totals} />
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : (
        <p className="sp-empty">No items in this section.</p>
      )}
      {section.cards.length ? (
        <div className="sp-cards">
          {section.cards.map((card) => (
            <div className="sp-card" key={card.id}>
              <strong>{card.title}</strong>
              {card.description ? <span className="sp-desc">{cutText(card.description)}</span> : null}
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function PrintDocument({ data, tab, printedOn, portrait }: { data: PrintData; tab: PrintTab; printedOn: string; portrait: boolean }) {
  const { summary } = data;
  const financial = tab === 'financial';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`${data.schedule.title} — ${data.project.name}`}</title>
        <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      </head>
      <body className={portrait ? 'sp-portrait' : 'sp-landscape'}>
        <header className="sp-cover">
          <div>
            <h1>{data.schedule.title}</h1>
            <p className="sp-sub">
              {data.project.name} · {financial ? 'Financial summary' : 'Summary'}
            </p>
          </div>
          <div className="sp-meta">
            <strong>{data.firm.name}</strong>
            {printedOn}
          </div>
        </header>
        {summary.rooms.length === 0 ? <p className="sp-empty">This schedule has no sections yet.</p> : null}
        {summary.rooms.map((room) => (
          <div className="sp-room" key={room.id}>
            <div className="sp-room-head">
              <h2>{room.name}</h2>
              {financial ? <span className="sp-money">{formatPaise(room.totals.clientPrice)}</span> : null}
            </div>
            {room.sections.map((section) => (
              <SectionBlock key={section.id} section={section} tab={tab} images={data.images} />
            ))}
          </div>
        ))}
        {financial && summary.rooms.length ? (
          <div className="sp-grand">
            <table>
              <caption>Total</caption>
              <thead>
                <tr>
                  <th>Client price</th>
                  <th>Trade cost</th>
                  <th>Net profit</th>
                  <th>Markup</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>{money(summary.totals.clientPrice)}</td>
                  <td>{formatPaise(summary.totals.tradeCost)}</td>
                  <td>{money(summary.totals.netProfit)}</td>
                  <td>{formatPercent(summary.totals.markup)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : null}
      </body>
    </html>
  );
}

/** Chromium's header: firm, project and schedule names (its own small page, styled inline). */
export function PrintHeader({ data }: { data: PrintData }) {
  return (
    <div style={{ width: '100%', padding: '0 12mm', fontSize: '8px', fontFamily: 'DejaVu Sans, Arial, sans-serif', color: '#57606a', display: 'flex', justifyContent: 'space-between' }}>
      <span style={{ fontWeight: 700, color: '#1f2328' }}>{data.firm.name}</span>
      <span>
        {data.project.name} · {data.schedule.title}
      </span>
    </div>
  );
}

/** Chromium's footer: the firm's avatar (stored square: no object-fit, which slows printing) and name, and the page numbers Chromium fills in. */
export function PrintFooter({ data }: { data: PrintData }) {
  return (
    <div style={{ width: '100%', padding: '0 12mm', fontSize: '8px', fontFamily: 'DejaVu Sans, Arial, sans-serif', color: '#57606a', display: 'flex', alignItems: 'center', justifyContent: 'space-between', WebkitPrintColorAdjust: 'exact' }}>
      <span style={{ display: 'flex', alignItems: 'center', gap: '6px' }}>
        {data.firm.avatar ? <img src={data.firm.avatar} alt="" style={{ width: '16px', height: '16px', borderRadius: '50%' }} /> : null}
        <span style={{ fontWeight: 700, color: '#1f2328' }}>{data.firm.name}</span>
      </span>
      <span>
        Page <span className="pageNumber" /> of <span className="totalPages" />
      </span>
    </div>
  );
}
