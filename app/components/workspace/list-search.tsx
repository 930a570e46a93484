import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * The search bar of a workspace list (the projects, the address book): a GET form, so it works
 * without JavaScript, whose submit starts the list again at its first page; `children` are more
 * filters (a select); Clear links to the list without any while one is on.
 */
export function ListSearch({
  id,
  name,
  label,
  value,
  placeholder,
  maxLength,
  clearTo,
  testId,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  maxLength: number;
  /** The list without filters; null when none is on (no Clear link). */
  clearTo: string | null;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" className="ws-search" role="search" data-testid={testId}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="search" name={name} defaultValue={value} placeholder={placeholder} maxLength={maxLength} />
      {children}
      <button type="submit" className="button button-ghost">
        Search
      </button>
      {clearTo ? (
        <Link to={clearTo} className="ws-search-clear">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
