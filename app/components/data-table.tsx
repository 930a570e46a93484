import type { ReactNode } from 'react';

/** A column heading: its text, and a class when the column needs one (`num` for figures). */
export type Column = string | { label: string; className?: string };

/**
 * The head row of a list table (admin lists, employees, members, client links, figures): one
 * `th scope="col"` per column and, with `actions`, a last column named "Actions" for screen
 * readers only, above the row buttons.
 */
export function TableHead({ columns, actions = false, rowClassName }: { columns: ReadonlyArray<Column>; actions?: boolean; rowClassName?: string }) {
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
          <th scope="col">
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
