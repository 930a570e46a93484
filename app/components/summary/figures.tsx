import { useCallback, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { formatPercent, sumFigures, type Figures } from '../../../server/contract/summary-rules';
import { formatPaise } from '../../../server/contract/money-text';
import { Drafts, DraftsContext, type DraftKey } from './drafts';
import { EditorContext } from './editor-context';

type Tone = 'loss' | 'gain' | undefined;
type Cell = { key: keyof Figures; label: string; text: string; tone?: Tone };

const toneOf = (margins: boolean, netProfit: number): Tone => (margins && netProfit < 0 ? 'loss' : margins && netProfit > 0 ? 'gain' : undefined);
const cellClass = (tone: Tone) => `sm-figure${tone ? ` is-${tone}` : ''}`;
const lineClass = (tone: Tone) => `sm-figure-line${tone ? ` is-${tone}` : ''}`;

/** The four figures of an item or a total as the spec groups them; those who may not see margins get the client price alone (docs/decisions/258). */
function figureCells(figures: Figures, margins: boolean): Cell[] {
  const cells: Cell[] = [{ key: 'clientPrice', label: 'Client Price', text: formatPaise(figures.clientPrice) }];
  if (margins)
    cells.push(
      { key: 'tradeCost', label: 'Trade cost', text: formatPaise(figures.tradeCost) },
      { key: 'netProfit', label: 'Net Profit', text: formatPaise(figures.netProfit), tone: toneOf(margins, figures.netProfit) },
      { key: 'markup', label: 'Markup', text: formatPercent(figures.markup) },
    );
  return cells;
}

/** The same figures on one line, so that a room of 200 items stays light. */
function figureLine(figures: Figures, margins: boolean): { text: string; tone: Tone } {
  const text = margins
    ? `Client Price ${formatPaise(figures.clientPrice)} · Trade cost ${formatPaise(figures.tradeCost)} · Net Profit ${formatPaise(figures.netProfit)} · Markup ${formatPercent(figures.markup)}`
    : `Client Price ${formatPaise(figures.clientPrice)}`;
  return { text, tone: toneOf(margins, figures.netProfit) };
}

const useMargins = () => useContext(EditorContext)?.canSeeMargins ?? false;

/** An item's figures in its read view, or a section's total: one line. */
export function FigureLine({ figures, testId, elementRef }: { figures: Figures; testId?: string; elementRef?: React.Ref<HTMLParagraphElement> }) {
  const { text, tone } = figureLine(figures, useMargins());
  return (
    <p ref={elementRef} className={lineClass(tone)} data-testid={testId}>
      {text}
    </p>
  );
}

/** The labelled grid of figures (the item being edited, the schedule's total); "Check the amounts" while one cannot be read. */
export function FigureList({ figures, testId, elementRef }: { figures: Figures | null; testId?: string; elementRef?: React.Ref<HTMLDivElement> }) {
  const margins = useMargins();
  return (
    <div ref={elementRef} data-testid={testId}>
      {/* Both drawn, one hidden: a keystroke that makes an amount unreadable swaps them without React (paintFigureList). */}
      <dl className="sm-figures" hidden={!figures}>
        {figureCells(figures ?? { clientPrice: 0, tradeCost: 0, netProfit: 0, markup: 0 }, margins).map((cell) => (
          <div key={cell.key} className={cellClass(cell.tone)} data-figure={cell.key}>
            <dt>{cell.label}</dt>
            <dd>{cell.text}</dd>
          </div>
        ))}
      </dl>
      <p className="sm-figures-invalid" hidden={!!figures}>
        Check the amounts to see the figures.
      </p>
    </div>
  );
}

/** Writes a text where React drew one, keeping React's own text node (so that its later renders still reach it). */
function setText(element: Element, text: string) {
  const node = element.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else element.textContent = text;
}
function setClass(element: Element, className: string) {
  if (element.className !== className) element.className = className;
}

function paintFigureList(box: HTMLElement, figures: Figures | null, margins: boolean) {
  const list = box.querySelector('dl');
  const invalid = box.querySelector<HTMLElement>('.sm-figures-invalid');
  if (!list || !invalid) return;
  list.hidden = !figures;
  invalid.hidden = !!figures;
  if (!figures) return;
  for (const cell of figureCells(figures, margins)) {
    const element = list.querySelector(`[data-figure="${cell.key}"]`);
    const value = element?.querySelector('dd');
    if (!element || !value) continue;
    setClass(element, cellClass(cell.tone));
    setText(value, cell.text);
  }
}

function paintFigureLine(line: HTMLElement, figures: Figures | null, margins: boolean) {
  if (!figures) return;
  const { text, tone } = figureLine(figures, margins);
  setClass(line, lineClass(tone));
  setText(line, text);
}

// The layout effect runs on the client only; on the server, the plain effect keeps React quiet.
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Figures as the money fields read now (drafts.tsx): React draws them, then each keystroke repaints
 * their text in place, with no React render or commit (decision 299): on a slowed phone
 * those were most of a keystroke's time. `items` are those whose drafts change them (every draft
 * when omitted).
 */
function useLiveFigures<E extends HTMLElement>(compute: (drafts: Drafts) => Figures | null, paint: (element: E, figures: Figures | null, margins: boolean) => void, items?: ReadonlyArray<DraftKey>) {
  const drafts = useContext(DraftsContext);
  const margins = useMargins();
  const ref = useRef<E>(null);
  const latest = useRef({ compute, margins });
  latest.current = { compute, margins };
  const repaint = useCallback(() => {
    if (ref.current) paint(ref.current, latest.current.compute(drafts), latest.current.margins);
  }, [drafts, paint]);
  // After every render too: React leaves a text alone when its own last render drew the same, though a keystroke may have changed it since.
  useClientLayoutEffect(repaint);
  const keys = items?.map(Drafts.key).join(' ');
  useEffect(() => drafts.subscribe(repaint, keys === undefined ? undefined : keys.split(' ')), [drafts, repaint, keys]);
  return { figures: compute(drafts), ref };
}

/** An item's figures as its fields are typed. */
export function LiveItemFigures({ item, testId }: { item: Parameters<Drafts['figuresOf']>[0]; testId: string }) {
  const { figures, ref } = useLiveFigures<HTMLDivElement>((drafts) => drafts.figuresOf(item), paintFigureList, [item]);
  return <FigureList figures={figures} testId={testId} elementRef={ref} />;
}

/** A section's total as its items' fields are typed: one line. */
export function LiveSectionTotal({ items, testId }: { items: Parameters<Drafts['totalOf']>[0]; testId: string }) {
  const { figures, ref } = useLiveFigures<HTMLParagraphElement>((drafts) => drafts.totalOf(items), paintFigureLine, items);
  return <FigureLine figures={figures!} testId={testId} elementRef={ref} />;
}

/** The schedule's total: the other rooms as saved, this room's items as their fields are typed (every draft is one of them). */
export function LiveScheduleTotal({ items, others }: { items: Parameters<Drafts['totalOf']>[0]; others: Figures[] }) {
  const { figures, ref } = useLiveFigures<HTMLDivElement>((drafts) => sumFigures([...others, drafts.totalOf(items)]), paintFigureList);
  return <FigureList figures={figures} elementRef={ref} />;
}
