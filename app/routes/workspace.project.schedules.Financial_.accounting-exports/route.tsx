import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ListTable, NumCell } from '~/components/data-table';
import { PageHeader } from '~/components/workspace/page-header';
import { getGstr1Summary } from '~/models/accounting-exports.server';
import outputStyles from '~/styles/summary-output.css';
import type { Gstr1SummaryData } from '../../../server/contract/accounting-exports';
import { defaultPeriod, financialYearRange, GSTR1_SECTIONS, periodChoices, rangeProblem, returnPeriod } from '../../../server/contract/accounting-exports-rules';
import { formatCalendarDay, isoDay, zoneOf } from '../../../server/contract/dates';
import { formatPaise } from '../../../server/contract/money-text';
import { optional } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import { downloadHref, EXPORTS_PATH } from './paths';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'Accounting exports') },
  { name: 'description', content: "GSTR-1 for a return period, and the firm's invoices, credit notes and receipts for Tally and Zoho Books." },
];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: outputStyles }];

/**
 * Accounting exports (docs/decisions/405, 406), under the Financial overview: GSTR-1 of a month or
 * a quarter (its figures per section, the portal's JSON and a CSV per section) and the Tally XML and
 * Zoho Books CSVs of a date range. Both pickers are GET forms and every download a plain link, so
 * the page works without JavaScript. The firm and its sub-admins only (the api answers 403 else).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWorkspaceUser(request);
  const today = isoDay(new Date(), zoneOf(user));
  const query = new URL(request.url).searchParams;
  const asked = query.get('period') ?? '';
  const period = returnPeriod(asked) ? asked : defaultPeriod(today);
  const year = financialYearRange(today);
  const [from, to] = [query.get('from') ?? year.from, query.get('to') ?? year.to];
  const rangeError = rangeProblem(from, to);
  const range = rangeError ? year : { from, to };
  const summary = await optional(getGstr1Summary(request, period));
  return json({ period, choices: periodChoices(today), summary: summary.reply?.data ?? null, summaryError: summary.toast?.message ?? null, range, rangeError: query.has('from') || query.has('to') ? rangeError : null });
}

type Row = { key: keyof Gstr1SummaryData['sections']; label: string; note: string };
const ROWS: Row[] = [
  { key: 'b2b', label: 'B2B', note: 'Invoices to registered clients (table 4)' },
  { key: 'b2cl', label: 'B2C large', note: 'Inter-state, unregistered, above ₹1,00,000 (table 5)' },
  { key: 'b2cs', label: 'B2C small', note: 'Every other supply to unregistered clients (table 7)' },
  { key: 'cdnr', label: 'Credit notes, registered', note: 'Table 9B' },
  { key: 'cdnur', label: 'Credit notes, unregistered', note: 'Against B2C large invoices (table 9B)' },
  { key: 'exports', label: 'Exports (not in the file)', note: 'Clients abroad: enter them in table 6A yourself' },
];
const FIGURES = ['Documents', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Value'] as const;

const SECTION_LABELS: Record<(typeof GSTR1_SECTIONS)[number], string> = { b2b: 'B2B', b2cl: 'B2C large', b2cs: 'B2C small', cdnr: 'Credit notes, registered', cdnur: 'Credit notes, unregistered', hsn: 'HSN summary', docs: 'Documents issued' };

function Gstr1Figures({ summary }: { summary: Gstr1SummaryData }) {
  return (
    <>
      <ListTable label={`GSTR-1 for ${summary.period.label}`} testId="gstr1-summary" columns={['Section', ...FIGURES.map((label) => ({ label, className: 'num' }))]}>
        {ROWS.map((row) => {
          const t = summary.sections[row.key];
          const values = [String(t.documents), formatPaise(t.taxable), formatPaise(t.igst), formatPaise(t.cgst), formatPaise(t.sgst), formatPaise(t.value)];
          return (
            <tr key={row.key} data-testid={`gstr1-row-${row.key}`}>
              <td data-label="Section">
                {row.label}
                <br />
                <span className="so-meta">{row.note}</span>
              </td>
              {values.map((value, i) => (
                <NumCell key={FIGURES[i]} label={FIGURES[i]!}>
                  {value}
                </NumCell>
              ))}
            </tr>
          );
        })}
      </ListTable>
      <p className="so-meta" data-testid="gstr1-documents">
        GSTIN {summary.gstin}, {formatCalendarDay(summary.period.from)} to {formatCalendarDay(summary.period.to)}: {summary.documents} documents numbered, {summary.cancelled} cancelled.
      </p>
      {summary.missingHsn ? (
        <p className="so-meta" role="status" data-testid="gstr1-missing-hsn">
          {summary.missingHsn} lines have no HSN/SAC: the portal refuses the HSN table until each has one.
        </p>
      ) : null}
    </>
  );
}

export default function AccountingExports() {
  const { period, choices, summary, summaryError, range, rangeError } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Accounting exports" description="GSTR-1 for the GST portal, and your books for Tally or Zoho Books, from the invoices and credit notes you issued." actions={<Link to="/workspace/project/schedules/Financial" className="button button-secondary">Back to Financial</Link>} />

      <section className="so-board-section" aria-labelledby="gstr1-title">
        <h2 id="gstr1-title">GSTR-1</h2>
        <Form method="get" action={EXPORTS_PATH} className="so-filter" aria-label="GSTR-1 return period">
          <input type="hidden" name="from" value={range.from} />
          <input type="hidden" name="to" value={range.to} />
          <div className="field">
            <label htmlFor="gstr1-period">Return period</label>
            <select id="gstr1-period" name="period" defaultValue={period} key={period}>
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary">
            Show
          </button>
        </Form>
        {summary ? <Gstr1Figures summary={summary} /> : <p role="alert" data-testid="gstr1-error">{summaryError}</p>}
        {summary ? (
          <>
            <p>
              <a href={downloadHref({ kind: 'gstr1-json', period })} className="button" download data-testid="gstr1-json">
                Download GSTR-1 JSON
              </a>
            </p>
            <h3>Check by eye: a CSV per section</h3>
            <ul data-testid="gstr1-csvs">
              {GSTR1_SECTIONS.map((section) => (
                <li key={section}>
                  <a href={downloadHref({ kind: 'gstr1-csv', period, section })} download>
                    {SECTION_LABELS[section]} (CSV)
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="so-board-section" aria-labelledby="books-title">
        <h2 id="books-title">Tally and Zoho Books</h2>
        <Form method="get" action={EXPORTS_PATH} className="so-filter" aria-label="Date range of the books">
          <input type="hidden" name="period" value={period} />
          <div className="field">
            <label htmlFor="books-from">From</label>
            <input id="books-from" type="date" name="from" defaultValue={range.from} key={`from-${range.from}`} required aria-invalid={rangeError ? true : undefined} aria-describedby={rangeError ? 'books-error' : undefined} />
          </div>
          <div className="field">
            <label htmlFor="books-to">To</label>
            <input id="books-to" type="date" name="to" defaultValue={range.to} key={`to-${range.to}`} required aria-invalid={rangeError ? true : undefined} aria-describedby={rangeError ? 'books-error' : undefined} />
          </div>
          <button type="submit" className="button button-secondary">
            Use these dates
          </button>
        </Form>
        {rangeError ? (
          <p id="books-error" role="alert" className="field-errors">
            {rangeError}
          </p>
        ) : null}
        <p className="so-meta">
          {formatCalendarDay(range.from)} to {formatCalendarDay(range.to)}: sales invoices, credit notes and receipts, with a ledger for each client.
        </p>
        <ul data-testid="books-links">
          <li>
            <a href={downloadHref({ kind: 'tally', ...range })} download data-testid="tally-xml">
              Tally XML (vouchers and ledgers)
            </a>
          </li>
          <li>
            <a href={downloadHref({ kind: 'zoho-invoices', ...range })} download>
              Zoho Books invoices (CSV)
            </a>
          </li>
          <li>
            <a href={downloadHref({ kind: 'zoho-customers', ...range })} download>
              Zoho Books customers (CSV)
            </a>
          </li>
        </ul>
      </section>
    </>
  );
}
