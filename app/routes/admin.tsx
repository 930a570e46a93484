import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminSidebar } from "~/components/admin-sidebar";
import { ErrorPage } from "~/components/error-page";
import { ADMIN_HOME_PATH } from "~/utils/admin-session.server";
import { requireAdmin } from "~/utils/guards.server";
import { adminSheets } from "~/styles/sheets";

export const links: LinksFunction = () => adminSheets;

/**
 * The admin area's layout: the shell (sidebar with the signed-in email, the
 * content column) around every admin page, and an error boundary that renders an admin page's
 * error inside it. The login (`admin_.login`) and logout (`admin_.logout`) stay outside. Each
 * admin page still calls `requireAdmin` in its own loader and action (STYLE.md: a layout's guard
 * does not protect its children).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { email } = await requireAdmin(request);
  // `/admin` itself has no page (as before this layout: a 404).
  if (new URL(request.url).pathname.replace(/\/+$/, "") === "/admin")
    throw new Response("Not Found", { status: 404 });
  return json({ email });
}

function AdminShell({
  email,
  children,
}: {
  email: string;
  children: ReactNode;
}) {
  return (
    <div className="admin-shell">
      <AdminSidebar email={email} />
      <div className="admin-content">{children}</div>
    </div>
  );
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email}>
      <Outlet />
    </AdminShell>
  );
}

/** An admin page's error (a firm gone, the api down) inside the shell; the layout's own failure without the sidebar's email. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/admin");
  return (
    <AdminShell email={data?.email ?? ""}>
      <ErrorPage home={{ to: ADMIN_HOME_PATH, label: "Go to the dashboard" }} />
    </AdminShell>
  );
}
