import type { ReactNode } from 'react';

/** A column heading: its text, and a class when the column needs one (`num` for figures). */
export type Column = string | { label: string; className?: string };

/**
 * The head row of a list table (admin lists, employees, members, client links, figures): one
 * `th scope="col"` per column and, with `actions`, a last column named "Actions" for screen
 * readers only, above the row buttons.
 */
export function TableHead({
  columns,
  actions = false,
  actionsClassName,
  rowClassName,
}: {
  columns: ReadonlyArray<Column>;
  actions?: boolean;
  actionsClassName?: string;
  rowClassName?: string;
}) {
  return (
    <thead>
      <tr className={rowClassName}>
        {columns.map((column) => {
          const { label, className } = typeof column === 'string' ? { label: column, className: undefined } : column;
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          );
        })}
        {actions ? (
          <th scope="col" className={actionsClassName}>
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

/** The one row of an admin table that has nothing to list ("No data available", "Loading data..."). */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="admin-empty">
        {children}
      </td>
    </tr>
  );
}

/** A figure's cell: right-aligned (`num`) and named by its column (`data-label`) where a phone stacks the row. */
export function NumCell({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <td className="num" data-label={label} data-testid={testId}>
      {children}
    </td>
  );
}

/**
 * The horizontal scroller of a wide table. It takes the keyboard focus, so that a table with nothing
 * focusable inside (an invoice's lines) can still be scrolled without a mouse (WCAG 2.1.1, axe's
 * scrollable-region-focusable); as a named region it tells a screen reader what it scrolls.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="so-table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** A list table in its scroller: the head row (when `columns` are given), the rows, and `foot` (a total row) under them. */
export function ListTable({
  label,
  testId,
  columns,
  actions = false,
  className = 'so-table',
  foot,
  children,
}: {
  /** What the table lists, for its scroller (see TableScroll). */
  label: string;
  testId: string;
  columns?: ReadonlyArray<Column>;
  actions?: boolean;
  className?: string;
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className={className} data-testid={testId}>
        {columns ? <TableHead columns={columns} actions={actions} /> : null}
        <tbody>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </TableScroll>
  );
}
