import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, LiveReload, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useRouteLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { Footer } from '~/components/footer';
import { Header } from '~/components/header';
import { SEARCH_PATH, SearchBox } from '~/components/search-box';
import { ErrorPage } from '~/components/error-page';
import { Toast } from '~/components/toast';
import { FirmStatusBanner } from '~/components/firm-status-banner';
import { RegisterFirmDialog } from '~/components/register-firm-dialog-lazy';
import { loadRegisterFirm } from '~/routes/resources.register-firm/register-firm.server';
import { getSessionUser } from '~/utils/session.server';
import { loadPlan } from '~/utils/plan.server';
import { socialSignInConfig } from '~/utils/social.server';
import { footerLinks } from '~/utils/footer.server';
import { getToast } from '~/utils/toast.server';
import { useNonce } from '~/utils/nonce';
import { baseSheets } from '~/styles/sheets';
import { productNameOf } from '~/utils/product';
import { env } from '~/utils/env.server';
import { isPrivatePath, NOINDEX_VALUE } from '~/utils/indexing';

export const links: LinksFunction = () => [...baseSheets, { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: MetaFunction = ({ matches }) => [{ title: `${productNameOf(matches)} — architecture and interior design` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  // The firm verification banner and the register-firm dialog (?dialog=register-firm); may refresh the user snapshot.
  const registerFirm = await loadRegisterFirm(request, await getSessionUser(request));
  const user = registerFirm.user;
  for (const cookie of registerFirm.cookies) headers.append('Set-Cookie', cookie);
  // The firm's plan: the header's Pricing/Workspace label and the workspace's banner follow it.
  const plan = await loadPlan(request, user);
  // The pricing flag of the spec: set while the firm has neither a running trial nor a paid period.
  // An employee cannot buy the plan: its header always leads to its work ("its header shows Workspace").
  const pricing = plan !== null && !plan.active && user?.role !== 'employee';
  // Client ids of Google and Apple sign-in (public values) for the login view.
  // The footer's social links: the operator's pages (decision 212).
  return json({ user, toast: toast ?? null, pricing, plan, socialSignIn: socialSignInConfig(), registerFirm: registerFirm.state, footerLinks: footerLinks(), productName: env.PRODUCT_NAME, publicUrl: env.PUBLIC_URL }, { headers });
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}

function Document({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  // The CSP nonce of this answer: Remix's inline scripts carry it (docs/decisions/064).
  const nonce = useNonce();
  useEffect(() => {
    // Marks hydration so tests (and CSS) can tell an enhanced page from a server-only one.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en" id="top">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Private pages are never listed (also the X-Robots-Tag header; docs/decisions/386). */}
        {isPrivatePath(pathname) ? <meta name="robots" content={NOINDEX_VALUE} /> : null}
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  // The super-admin area has its own layout (sidebar, no public header or footer); so has a
  // client's approval page and portal (docs/decisions/390), which show the firm's name, not the platform's navigation.
  if (pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/share/') || pathname.startsWith('/portal/')) {
    return (
      <Document>
        <main id="main">{children}</main>
        <Toast toast={data?.toast} />
      </Document>
    );
  }
  return (
    <Document>
      <Header
        user={data?.user ?? null}
        pathname={pathname}
        pricing={data?.pricing ?? false}
        // The header search appears on /explore (and on its results page, to refine the query).
        search={data?.user && (pathname === '/explore' || pathname === SEARCH_PATH) ? <SearchBox /> : undefined}
      />
      <FirmStatusBanner banner={data?.registerFirm.banner} />
      <main id="main">{children}</main>
      {pathname !== '/' ? <Footer links={data?.footerLinks} productName={data?.productName} /> : null}
      {data?.registerFirm.dialog ? <RegisterFirmDialog data={data.registerFirm.dialog} /> : null}
      <Toast toast={data?.toast} />
    </Document>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
