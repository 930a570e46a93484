import type { ReactNode } from 'react';

/** The firm's name, address and GSTIN with its logo: the head of every document the firm sends. */
export function Letterhead({ firm, children }: { firm: { legalName: string; address: string; gstin: string; logo: string | null }; children?: ReactNode }) {
  return (
    <header className="doc-head">
      <div className="doc-firm">
        {firm.logo ? <img className="doc-logo" src={firm.logo} alt="" /> : null}
        <div>
          <div className="doc-firm-name">{firm.legalName}</div>
          {firm.address ? <div className="doc-firm-address">{firm.address}</div> : null}
          {firm.gstin ? <div className="doc-firm-gstin">GSTIN {firm.gstin}</div> : null}
        </div>
      </div>
      <div className="doc-meta">{children}</div>
    </header>
  );
}

/** Chromium's footer of the firm's documents: its name and the page numbers. */
export function DocumentFooter({ name }: { name: string }) {
  return (
    <div style={{ width: '100%', padding: '0 12mm', fontSize: '8px', fontFamily: 'DejaVu Sans, Arial, sans-serif', color: '#57606a', display: 'flex', justifyContent: 'space-between' }}>
      <span style={{ fontWeight: 700, color: '#1f2328' }}>{name}</span>
      <span>
        Page <span className="pageNumber" /> of <span className="totalPages" />
      </span>
    </div>
  );
}
