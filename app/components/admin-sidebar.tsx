import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon } from "./icon";
import { useProductName } from "~/utils/product";

type Item = { label: string; icon: ReactNode; to: string };

const icon = (d: string) => <Icon d={d} />;

/**
 * The admin sidebar of screen 17 in the spec's order. Advertisements is left out: the spec gives it
 * no behaviour and no item leads to a placeholder (docs/decisions/129).
 */
const ITEMS: Item[] = [
  {
    label: "Showcase",
    to: "/admin/showcase",
    icon: icon("M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z"),
  },
  {
    label: "Reviews",
    to: "/admin/reviews",
    icon: icon("M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"),
  },
  {
    label: "Workspace",
    to: "/admin/workspace",
    icon: icon("M4 7h16v12H4zM9 7V5h6v2M4 12h16"),
  },
  {
    label: "Sub admins",
    to: "/admin/sub-admins",
    icon: icon(
      "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M17 11a3 3 0 1 0 0-6M21 20a6 6 0 0 0-4-5.6"
    ),
  },
  {
    label: "Verification",
    to: "/admin/dashboard",
    icon: icon(
      "M12 3l8 3v6c0 4.5-3.4 8.4-8 9-4.6-.6-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5"
    ),
  },
  {
    label: "Setting",
    to: "/admin/setting",
    icon: icon(
      "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z"
    ),
  },
];

export function AdminSidebar({ email }: { email: string }) {
  const { pathname } = useLocation();
  const productName = useProductName();
  return (
    <aside className="admin-sidebar">
      <div className="admin-brand">
        <span className="logo-mark" aria-hidden="true">
          A
        </span>
        <span className="admin-brand-text">
          {productName} <small>Admin</small>
        </span>
        {/* The drawer of small screens opens without JavaScript (a checkbox and its label). */}
        <label htmlFor="admin-menu" className="admin-menu-toggle">
          <span />
          <span />
          <span />
        </label>
      </div>
      <input
        type="checkbox"
        id="admin-menu"
        className="admin-menu-checkbox"
        aria-label="Show the admin menu"
      />
      <div className="admin-drawer">
        <nav aria-label="Admin">
          <ul className="admin-nav">
            {ITEMS.map((item) => {
              const active =
                pathname === item.to || pathname.startsWith(`${item.to}/`);
              return (
                <li key={item.label}>
                  <Link
                    to={item.to}
                    className={
                      active ? "admin-nav-link active" : "admin-nav-link"
                    }
                    aria-current={active ? "page" : undefined}
                  >
                    {item.icon}
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="admin-account">
          <span className="admin-account-email" title={email}>
            {email}
          </span>
          <Form method="post" action="/admin/logout">
            <button type="submit" className="button button-ghost button-block">
              Log out
            </button>
          </Form>
        </div>
      </div>
    </aside>
  );
}
