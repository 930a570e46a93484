import { formatCalendarDay } from '../../../server/contract/dates';
import type { FeeLetterReply } from '../../../server/contract/fee-letter';
import { COA_MINIMUM_RATE, COST_KIND_LABELS, formatRate, formatShare, WORK_KIND_LABELS } from '../../../server/contract/fees-rules';
import { formatPaise } from '../../../server/contract/money-text';
import { DOCUMENT_CSS } from './document-styles';
import { Letterhead } from './letterhead';

/**
 * The fee proposal as the client reads it (docs/decisions/381): an engagement letter on the firm's
 * letterhead with the scope (the project and the works), the basis and scale of the fee, the stage
 * schedule with each stage's amount at the current estimate, and the payment terms. The firm's
 * side only: it has no place for the client's acceptance, which the client portal records.
 */

type Data = FeeLetterReply['data'];

const LETTER_CSS = `${DOCUMENT_CSS}
.fl-body p{margin:0 0 6px}
.fl-body h2{font-size:10.5pt;margin:12px 0 4px}
.fl-body ul{margin:0 0 6px;padding-left:16px}
.fl-sign{margin-top:22px;break-inside:avoid}
.fl-sign-line{margin-top:28px;border-top:1px solid #1f2328;width:45%;padding-top:3px}
`;

function basisText(d: Data): string {
  if (d.basis === 'lump_sum') return `A lump sum of ${formatPaise(d.lumpSum)}, before GST.`;
  if (d.basis === 'hourly') return `Hourly, at ${formatPaise(d.hourlyRate)} an hour of professional time${d.hourlyCap !== null ? `, at most ${formatPaise(d.hourlyCap)} in all` : ''}, before GST; time is billed from approved weekly timesheets.`;
  const scale = COA_MINIMUM_RATE[d.workKind];
  return `${formatRate(d.rateMilli)} of the cost of works (the Council of Architecture's minimum scale for ${WORK_KIND_LABELS[d.workKind].toLowerCase()} is ${formatRate(scale)}), before GST.`;
}

export function FeeLetterDocument({ data }: { data: Data }) {
  const d = data;
  const percentage = d.basis === 'percentage';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`Fee proposal — ${d.projectName}`}</title>
        <style dangerouslySetInnerHTML={{ __html: LETTER_CSS }} />
      </head>
      <body>
        <Letterhead firm={{ legalName: d.firm.name, address: d.firm.address, gstin: d.firm.gstin, logo: d.firm.logo }}>
          <div className="doc-kind">Fee proposal</div>
          <div>Date: {formatCalendarDay(d.today)}</div>
          <div>Project: {d.projectName}</div>
        </Letterhead>
        <div className="doc-parties">
          <section className="doc-party">
            <h2>To</h2>
            {d.client ? (
              <>
                <div className="doc-item-title">{d.client.name}</div>
                {d.client.address ? <div className="doc-pre">{d.client.address}</div> : null}
                {d.client.state ? <div>{d.client.state}</div> : null}
                {d.client.gstin ? <div>GSTIN {d.client.gstin}</div> : null}
              </>
            ) : (
              <div className="doc-empty">The client</div>
            )}
          </section>
          <section className="doc-party">
            <h2>From</h2>
            <div className="doc-item-title">{d.firm.name}</div>
            <div className="doc-pre">{d.firm.address}</div>
            <div>{d.firm.state}</div>
          </section>
        </div>
        <div className="fl-body">
          <p>We are pleased to set out the terms on which we propose to act as architects for {d.projectName}.</p>
          <h2>Scope</h2>
          <p>
            Architectural services for {WORK_KIND_LABELS[d.workKind].toLowerCase()}, stage by stage as scheduled below, from appointment to completion (SAC {d.sac}).
          </p>
          <h2>Basis and scale of the fee</h2>
          <p data-testid="letter-basis">{basisText(d)}</p>
          {percentage ? (
            <ul>
              {d.documentationCharge ? <li>A documentation and communication charge of 10 % of the fee is added.</li> : null}
              {d.billCheckingCharge ? <li>A bill-checking charge of 1 % of the cost of works is added.</li> : null}
              <li>Each stage is due cumulatively on the latest cost of works, less payments already made; the final stage is on the actual cost.</li>
            </ul>
          ) : null}
          {percentage ? (
            d.estimate ? (
              <p>
                At the current {COST_KIND_LABELS[d.estimate.kind].toLowerCase()} of {formatPaise(d.estimate.amount)} ({formatCalendarDay(d.estimate.recordedOn)}), the fee is <strong>{formatPaise(d.fee ?? 0)}</strong> before GST.
              </p>
            ) : (
              <p>The amounts follow once the first estimate of the cost of works is known.</p>
            )
          ) : null}
          <h2>Stage schedule</h2>
          <table className="doc-lines" data-testid="letter-stages">
            <thead>
              <tr>
                <th className="num">#</th>
                <th>Stage</th>
                <th className="num">Cumulative share</th>
                {percentage ? <th>Figured on</th> : null}
                <th className="num">Due by the stage</th>
                <th className="num">This stage</th>
              </tr>
            </thead>
            <tbody>
              {d.stages.map((s, i) => (
                <tr key={`${i}-${s.name}`}>
                  <td className="num">{i + 1}</td>
                  <td>
                    {s.name}
                    {s.minimum ? <div className="doc-item-code">At least {formatPaise(s.minimum)}</div> : null}
                  </td>
                  <td className="num">{formatShare(s.shareBp)}</td>
                  {percentage ? <td>{COST_KIND_LABELS[s.costBasis]}</td> : null}
                  <td className="num">{s.cumulative === null ? '—' : formatPaise(s.cumulative)}</td>
                  <td className="num">{s.amount === null ? '—' : formatPaise(s.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="doc-note">Amounts before GST, at the current estimate; each stage&apos;s invoice is figured again on the cost of works known when it is reached.</p>
          <h2>Payment terms</h2>
          <ul>
            <li>
              GST at {formatShare(d.gstRateBp)} is added to every invoice. Each invoice is payable within {d.paymentTermsDays} days of its date.
            </li>
            <li>Income tax the client deducts at source (TDS) counts as paid once shown in the client&apos;s certificate.</li>
          </ul>
          {d.terms ? (
            <>
              <h2>Further terms</h2>
              <p className="doc-pre">{d.terms}</p>
            </>
          ) : null}
          <div className="fl-sign">
            <p>For {d.firm.name}</p>
            <div className="fl-sign-line">Authorised signatory</div>
          </div>
        </div>
      </body>
    </html>
  );
}
