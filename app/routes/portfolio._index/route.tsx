import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Dialog, keepDataForDialogs, useDialogHref, useOpenDialog } from '~/components/dialog';
import { ProfileCard } from '~/components/profile-card';
import { PortfolioGrid } from '~/components/project-card';
import { Toast } from '~/components/toast';
import { getPortfolio } from '~/models/projects.server';
import { requirePortfolioOwner } from '~/utils/guards.server';
import { toOwner, toCardProject } from '~/utils/showcase.server';
import { isFirmRole } from '../../../server/contract/vocabulary';
import { placeOptions } from '~/utils/places.server';
import { getPendingEmailChange } from '~/models/users.server';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../server/contract/profile-rules';
import { parseUploadForm } from '~/utils/uploads.server';
import { updateProfile } from './actions.server';
import { confirmEmailChange, startEmailChange } from './email-change.server';
import { CODE_DIALOG, EMAIL_DIALOG, EmailChangeForm, EmailCodeForm } from './email-change-forms';
import { ProfileForm } from './profile-form';
import { pageTitle, productNameOf } from '~/utils/product';
import { required, guarded } from '~/utils/form-action.server';
import { showcaseSheets } from '~/styles/sheets';

export const links: LinksFunction = () => showcaseSheets;

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Your portfolio') }, { name: 'description', content: `Your firm’s profile and public projects on ${productNameOf(matches)}.` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [, { userData: u, projects, hidden }] = await guarded(
    requirePortfolioOwner(request),
    required(getPortfolio(request), { to: '/explore', message: 'Failed to load your portfolio', complete: (reply) => reply?.userData && reply.projects }),
  );
  const dialog = new URL(request.url).searchParams.get('dialog');
  const editing = dialog === 'profile';
  return json({
    owner: toOwner(u),
    loginEmail: u.email,
    // Hidden by the super-admin, the whole portfolio or one project: the card says why.
    projects: projects.map((p) => ({
      ...toCardProject(p),
      hiddenReason: hidden.portfolio?.reason ?? hidden.projects.find((h) => h.projectId === p.id)?.reason ?? null,
    })),
    /** The profile form's values and place lists, only when its popup is open. */
    profile: editing
      ? {
          defaults: {
            firmName: u.firmName ?? '',
            firmType: u.firmType && isFirmRole(u.firmType) ? u.firmType : isFirmRole(u.role) ? u.role : '',
            country: u.country ?? '',
            state: u.state ?? '',
            city: u.city ?? '',
            contactNo: u.contactNo ?? '',
            businessEmail: u.businessEmail ?? '',
            website: u.website ?? '',
            userDetails: u.userDetails ?? '',
            teams: u.teams.map(({ name, role }) => ({ name, role })),
          },
          options: placeOptions(u.country, u.state),
        }
      : null,
    /** The login-email change waiting for its code, read when the code form opens. */
    pendingEmail: dialog === CODE_DIALOG ? (await required(getPendingEmailChange(request))).pending : null,
  });
}

/** The page's forms, told apart by their `intent`: the profile, and the two steps of a login-email change. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePortfolioOwner(request);
  const formData = await parseUploadForm(request, { maxFileBytes: PROFILE_IMAGE_MAX_BYTES, maxFiles: 1 });
  switch (formData.get('intent')) {
    case 'profile':
      return updateProfile(request, user, formData);
    case 'email-change':
      return startEmailChange(request, formData);
    case 'email-change-confirm':
      return confirmEmailChange(request, formData);
    default:
      throw json({ message: 'Unknown form' }, { status: 400 });
  }
}

/** Popups that load data when they open: the profile form (values, place lists) and the code form (the pending change). */
const LOADING_DIALOGS = ['profile', CODE_DIALOG];

/** Popups keep the page's data, except those of LOADING_DIALOGS. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const next = args.nextUrl.searchParams.get('dialog');
  const opensLoading = next !== null && LOADING_DIALOGS.includes(next) && args.currentUrl.searchParams.get('dialog') !== next;
  return opensLoading || keepDataForDialogs(args);
};

/** The firm's own portfolio: profile card (with Edit) and project cards (with Add Project). */
export default function Portfolio() {
  const { owner, loginEmail, projects, profile, pendingEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const dialog = useOpenDialog();
  const href = useDialogHref();
  const closeTo = href(null);
  /** The last answer of the form of `intent` (each form gets its own, the profile form's has no intent). */
  const resultOf = (intent?: string) => (actionData && (actionData as { intent?: string }).intent === intent ? actionData.result : null);
  return (
    <div className="container portfolio-page">
      <div className="portfolio-layout">
        <ProfileCard owner={owner} editHref={href('profile')} />
        <section className="portfolio-main" aria-labelledby="portfolio-projects">
          <header className="section-head">
            <h1 id="portfolio-projects">Your projects</h1>
            <Link to="/portfolio/add-project" className="button button-primary" data-testid="add-project">
              + Add Project
            </Link>
          </header>
          <PortfolioGrid
            projects={projects}
            empty={
              <div className="empty-state">
                <p>You have not published a project yet.</p>
                <Link to="/portfolio/add-project" className="button button-secondary">
                  Add your first project
                </Link>
              </div>
            }
          />
        </section>
      </div>
      {dialog === 'profile' && profile ? (
        <Dialog title="Edit profile" closeTo={closeTo} size="large" testId="profile-dialog">
          <ProfileForm
            defaults={profile.defaults}
            lastResult={resultOf(undefined)}
            // With JavaScript the selects keep their own lists; the action's are for the page it renders without.
            options={!hydrated && actionData && 'options' in actionData ? actionData.options : profile.options}
            photo={owner.profileImage}
            closeTo={closeTo}
            loginEmail={loginEmail}
            changeEmailHref={href(EMAIL_DIALOG)}
          />
        </Dialog>
      ) : null}
      {dialog === EMAIL_DIALOG ? (
        <Dialog title="Change login email" closeTo={closeTo} size="small" testId="email-change-dialog">
          <EmailChangeForm currentEmail={loginEmail} lastResult={resultOf('email-change')} closeTo={closeTo} />
        </Dialog>
      ) : null}
      {dialog === CODE_DIALOG ? (
        <Dialog title="Confirm your new login email" closeTo={closeTo} size="small" testId="email-code-dialog">
          <EmailCodeForm pending={pendingEmail} lastResult={resultOf('email-change-confirm')} closeTo={closeTo} restartTo={href(EMAIL_DIALOG)} />
        </Dialog>
      ) : null}
      <Toast toast={actionData?.toast} />
    </div>
  );
}
