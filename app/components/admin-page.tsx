import type { ReactNode } from 'react';
import { Form, Link } from '@remix-run/react';
import { EmptyRow, TableHead, type Column } from './data-table';
import { HiddenFields } from './hidden-fields';
import { PrevNextPager } from './prev-next-pager';

/** An admin page in the admin layout's shell (app/routes/admin.tsx): its title and line, its content. */
export function AdminPage({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <>
      <AdminHead title={title} description={description} />
      {children}
    </>
  );
}

/** The head of an admin page: its title and the line under it. */
export function AdminHead({ title, description }: { title: string; description: ReactNode }) {
  return (
    <header className="admin-head">
      <div>
        <h1>{title}</h1>
        <p className="muted">{description}</p>
      </div>
    </header>
  );
}

/** The filter tabs above an admin list (links: they work without JavaScript). */
export function AdminTabs({ tabs, label }: { tabs: Array<{ label: string; to: string; current: boolean; count?: number }>; label: string }) {
  return (
    <nav className="admin-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className={tab.current ? 'admin-tab current' : 'admin-tab'} aria-current={tab.current ? 'page' : undefined} preventScrollReset>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** Previous / Next links of a paged admin list. */
export function AdminPager({ page, count, size, href }: { page: number; count: number; size: number; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(count / size));
  if (pages <= 1) return null;
  return <PrevNextPager page={page} pages={pages} href={href} className="admin-pager" preventScrollReset />;
}

/** The search box in an admin list's head (a GET form), keeping the list's other query values. */
export function AdminSearch({ id, label, placeholder, search, keep }: { id: string; label: string; placeholder: string; search: string; keep: Record<string, string | null> }) {
  return (
    <Form method="get" className="admin-search" role="search">
      <HiddenFields values={keep} />
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" name="search" defaultValue={search} placeholder={placeholder} autoComplete="off" />
      <button type="submit" className="button button-ghost">
        Search
      </button>
    </Form>
  );
}

/**
 * A row action that asks for a reason first (Reject a firm, Hide a project): a <details> popover
 * that opens without JavaScript, holding a small post form with the reason and the confirm button.
 */
export function ReasonPopover({
  summary,
  summaryTestId,
  values,
  label,
  reason,
  busy,
  submit,
  submitTestId,
}: {
  summary: ReactNode;
  summaryTestId?: string;
  /** The form's hidden values (intent, id, the decision). */
  values: Record<string, string>;
  label: ReactNode;
  reason: { id: string; name: string; maxLength: number; placeholder: string; required?: boolean; testId?: string };
  busy: boolean;
  submit: ReactNode;
  submitTestId?: string;
}) {
  return (
    <details className="admin-reject">
      <summary className="button admin-button-reject" data-testid={summaryTestId}>
        {summary}
      </summary>
      <Form method="post" preventScrollReset className="admin-reject-form">
        <HiddenFields values={values} />
        <label htmlFor={reason.id}>{label}</label>
        <textarea id={reason.id} name={reason.name} rows={3} maxLength={reason.maxLength} required={reason.required} placeholder={reason.placeholder} data-testid={reason.testId} />
        <button type="submit" className="button button-danger" disabled={busy} data-testid={submitTestId}>
          {submit}
        </button>
      </Form>
    </details>
  );
}

/**
 * An admin list's table: the head (with the Actions column) and either the rows or, when `empty`
 * is given, one full-width row that says why there are none (loading, nothing found).
 */
export function AdminTable({ columns, empty, busy, children }: { columns: ReadonlyArray<Column>; empty?: ReactNode; busy?: boolean; children: ReactNode }) {
  return (
    <table className="admin-table" aria-busy={busy || undefined}>
      <TableHead columns={columns} actions />
      <tbody>{empty ? <EmptyRow colSpan={columns.length + 1}>{empty}</EmptyRow> : children}</tbody>
    </table>
  );
}

/** The last cell of an admin row: its buttons, side by side. */
export function AdminActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className="admin-actions">
      <div className="admin-actions-inner">{children}</div>
    </td>
  );
}
