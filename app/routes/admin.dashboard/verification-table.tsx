import { Form, useNavigation } from '@remix-run/react';
import { AdminActionsCell, AdminTable, ReasonPopover } from '~/components/admin-page';
import { HiddenFields } from '~/components/hidden-fields';
import type { VerificationRow } from '../../../server/contract/admin';
import type { VerificationStatus } from '../../../server/contract/admin-rules';
import { ROLE_LABELS, VERIFY, type Role } from '../../../server/contract/vocabulary';

const COLUMNS = ['Name', 'Firm Name', 'email', 'Contact number', 'City', 'State'] as const;

function DecisionButtons({ row }: { row: VerificationRow }) {
  const navigation = useNavigation();
  const deciding = navigation.state !== 'idle' && navigation.formData?.get('id') === row.id;
  return (
    <>
      {row.isVerify !== VERIFY.approved ? (
        <Form method="post" preventScrollReset className="inline-form">
          <HiddenFields values={{ intent: 'decide', id: row.id, isVerify: '2' }} />
          <button type="submit" className="button admin-button-approve" disabled={deciding} aria-label={`Approve ${row.firmName ?? row.userName}`}>
            Approve
          </button>
        </Form>
      ) : null}
      {row.isVerify !== VERIFY.rejected ? (
        <ReasonPopover
          summary="Reject"
          values={{ intent: 'decide', id: row.id, isVerify: '3' }}
          label="Reason shown to the firm"
          reason={{ id: `note-${row.id}`, name: 'note', maxLength: 1000, placeholder: 'For example: the certificate does not name the firm.' }}
          busy={deciding}
          submit={`Reject ${row.firmName ?? 'firm'}`}
        />
      ) : null}
    </>
  );
}

function DocumentButton({ row }: { row: VerificationRow }) {
  const icon = (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
  if (!row.hasDocument) {
    return (
      <button type="button" className="button button-ghost admin-doc" disabled title="Invalid document URL">
        {icon} No document
      </button>
    );
  }
  // A plain link: the answer is an attachment, so the browser downloads it and stays on the page.
  return (
    <a href={`/admin/document/${row.id}`} className="button button-ghost admin-doc" title={row.documentName ?? 'Document'} data-testid="document-download">
      {icon} Document
    </a>
  );
}

/** The verification table of screen 17; on small screens each row becomes a card. */
export function VerificationTable({
  rows,
  loading,
  status,
  search,
}: {
  rows: VerificationRow[];
  loading: boolean;
  status: VerificationStatus;
  search: string;
}) {
  return (
    <div className="admin-table-wrap">
      <AdminTable
        columns={COLUMNS}
        busy={loading}
        empty={
          loading ? (
            'Loading data...'
          ) : rows.length === 0 ? (
            <>
              No data available
              {search ? <small>Nothing matches “{search}”{status === 'pending' ? ' among the pending requests' : ''}.</small> : null}
            </>
          ) : null
        }
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="verification-row" data-id={row.id}>
            <td data-label="Name">
              <strong>{row.userName}</strong>
            </td>
            <td data-label="Firm Name">
              <span className="admin-firm">{row.firmName ?? '—'}</span>
              {row.firmType ? <small>{ROLE_LABELS[row.firmType as Role] ?? row.firmType}</small> : null}
              {row.isVerify === VERIFY.rejected && row.verifyNote ? <small className="admin-reason">Rejected: {row.verifyNote}</small> : null}
              {status === 'all' ? <small className={`admin-status admin-status-${row.isVerify}`}>{['', 'Pending', 'Approved', 'Rejected'][row.isVerify]}</small> : null}
            </td>
            <td data-label="email">
              <a href={`mailto:${row.email}`} className="admin-email">
                {row.email}
              </a>
              {row.businessEmail && row.businessEmail !== row.email ? <small>{row.businessEmail}</small> : null}
            </td>
            <td data-label="Contact number">{row.contactNo ?? '—'}</td>
            <td data-label="City">{row.city ?? '—'}</td>
            <td data-label="State">{row.state ?? '—'}</td>
            <AdminActionsCell>
              <DecisionButtons row={row} />
              <DocumentButton row={row} />
            </AdminActionsCell>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
