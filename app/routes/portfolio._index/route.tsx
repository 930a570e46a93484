import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Dialog, keepDataForDialogs, useDialogHref, useOpenDialog } from '~/components/dialog';
import { ProfileCard } from '~/components/profile-card';
import { PortfolioGrid } from '~/components/project-card';
import { Toast } from '~/components/toast';
import { getPortfolio } from '~/models/projects.server';
import { requireFirm } from '~/utils/auth.server';
import { guarded, loadOr, toCardProject, toOwner } from '~/utils/showcase.server';
import { isFirmRole } from '../../../server/contract/vocabulary';
import { placeOptions } from '~/utils/places.server';
import { updateProfile } from './actions.server';
import { ProfileForm } from './profile-form';

export const meta: MetaFunction = () => [{ title: 'Your portfolio — Archivista' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [, { userData: u, projects }] = await guarded(
    requireFirm(request),
    loadOr(getPortfolio(request), { to: '/explore', message: 'Failed to load your portfolio' }),
  );
  const editing = new URL(request.url).searchParams.get('dialog') === 'profile';
  return json({
    owner: toOwner(u),
    projects: projects.map(toCardProject),
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
            email: u.email,
            website: u.website ?? '',
            userDetails: u.userDetails ?? '',
            teams: u.teams.map(({ name, role }) => ({ name, role })),
          },
          options: placeOptions(u.country, u.state),
        }
      : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireFirm(request);
  return updateProfile(request, user);
}

/** Popups keep the page's data, except the profile form, whose values and place lists load when it opens. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const opensProfile = args.nextUrl.searchParams.get('dialog') === 'profile' && args.currentUrl.searchParams.get('dialog') !== 'profile';
  return opensProfile || keepDataForDialogs(args);
};

/** The firm's own portfolio: profile card (with Edit) and project cards (with Add Project). */
export default function Portfolio() {
  const { owner, projects, profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const dialog = useOpenDialog();
  const href = useDialogHref();
  const closeTo = href(null);
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
            lastResult={actionData?.result}
            // With JavaScript the selects keep their own lists; the action's are for the page it renders without.
            options={!hydrated && actionData?.options ? actionData.options : profile.options}
            photo={owner.profileImage}
            closeTo={closeTo}
          />
        </Dialog>
      ) : null}
      <Toast toast={actionData?.toast} />
    </div>
  );
}
