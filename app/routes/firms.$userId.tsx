import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { keepDataForDialogs, useDialogHref } from '~/components/dialog';
import { EnquiryForm } from '~/components/enquiry-form';
import { firmTypeLabel, OwnerCard, OwnerDialogs, ownerName, projectCountLabel } from '~/components/owner-card';
import { breadcrumbs, firmJsonLd, itemList, placeLine, publicMeta, publicOrigin, shortDescription } from '~/utils/seo';
import { PortfolioGrid } from '~/components/project-card';
import { getPublicPortfolio } from '~/models/projects.server';
import { getFirmReviews } from '~/models/reviews.server';
import { FirmReviews } from '~/components/reviews/firm-reviews';
import { RatingLine } from '~/components/reviews/rating-line';
import { parseCursor } from '../../server/contract/keyset-cursor';
import { optionalSessionUser } from '~/utils/guards.server';
import { SignInToEnquire } from '~/components/sign-in-to-enquire';
import { ShareLinks } from '~/components/share-links';
import { enquiryAction, enquiryLoaderData } from '~/routes/explore.$id/enquiry.server';
import enquiryStyles from '~/styles/enquiry.css';
import { forVisitor, toCardProject, toOwner } from '~/utils/showcase.server';
import { pageTitle, productNameOf } from '~/utils/product';
import { required, guarded, optional } from '~/utils/form-action.server';
import { reviewSheets, showcaseSheets } from '~/styles/sheets';
import { showcaseHeaders, showcasePageHeaders } from '~/utils/public-cache.server';


export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: pageTitle(matches, 'Firm') }, { name: 'description', content: `A firm on ${productNameOf(matches)}.` }];
  const { owner, projects, reviews } = data;
  const origin = publicOrigin(matches);
  const name = ownerName(owner);
  const place = placeLine(owner.city, owner.state, owner.country);
  const lead = `${firmTypeLabel(owner.firmType) || 'Firm'}${place ? ` in ${place}` : ''}: ${projectCountLabel(owner.projectCount)}.`;
  return publicMeta(matches, {
    path: `/firms/${owner.id}`,
    title: `${name} — portfolio`,
    description: shortDescription(owner.userDetails ? `${lead} ${owner.userDetails}` : lead, lead),
    image: owner.profileImage ?? projects[0]?.images[0]?.w1600,
    imageAlt: name,
    type: 'profile',
    jsonLd: [
      firmJsonLd(origin, { id: owner.id, name, description: owner.userDetails, image: owner.profileImage ?? projects[0]?.images[0]?.w1600 ?? null, city: owner.city, state: owner.state, country: owner.country, website: owner.website }, reviews?.rating),
      breadcrumbs(origin, [
        ['Firms', '/firms'],
        [name, `/firms/${owner.id}`],
      ]),
      itemList(origin, `Projects of ${name}`, projects.map((p) => ({ name: p.projectName, path: `/explore/${p.id}` }))),
    ],
  });
};

/** Shared-cacheable for visitors (docs/decisions/388). */
export const headers = showcasePageHeaders;

export const links: LinksFunction = () => [...showcaseSheets, ...reviewSheets, { rel: 'stylesheet', href: enquiryStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // `?reviews=<cursor>` pages the reviews (an unknown value is the first page).
  const after = new URL(request.url).searchParams.get('reviews');
  const reviewsCall = optional(getFirmReviews(request, params.userId!, after && parseCursor(after) ? after : undefined));
  const [user, { data }] = await guarded(
    optionalSessionUser(request),
    required(getPublicPortfolio(request, params.userId!), {
      to: '/firms',
      message: 'Failed to load the portfolio',
      complete: (reply) => reply?.data?.userData && reply.data.projects,
    }),
  );
  const full = toOwner(data.userData);
  // The reviews are a part of the page: without them it still renders (and is not shared by caches).
  const { reply: reviews } = await reviewsCall;
  return json(
    { owner: user ? full : forVisitor(full), projects: data.projects.map(toCardProject), reviews, ...(await enquiryLoaderData(request, user, params.userId!)) },
    { headers: await showcaseHeaders(request, { failed: reviews === null }) },
  );
}

/** The Contact popup's enquiry to this firm. */
export async function action({ request, params }: ActionFunctionArgs) {
  return enquiryAction(request, params.userId!);
}

export const shouldRevalidate = keepDataForDialogs;

/** A firm's public portfolio: owner card with Contact and Team popups, and its projects. */
export default function FirmPortfolio() {
  const { owner, projects, reviews, honeypot, visitor, formToken, contact } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const href = useDialogHref();
  return (
    <div className="container portfolio-page">
      <div className="portfolio-layout">
        <OwnerCard owner={owner} contactHref={href('contact')} teamHref={href('team')} />
        <section className="portfolio-main" aria-labelledby="portfolio-projects">
          <header className="section-head">
            <h1 id="portfolio-projects">Projects</h1>
          </header>
          <ShareLinks path={`/firms/${owner.id}`} title={`${ownerName(owner)} — portfolio`} />
          {reviews && reviews.rating.count > 0 ? <RatingLine rating={reviews.rating} /> : null}
          <PortfolioGrid projects={projects} empty={<p className="empty-state">This firm has no public projects yet.</p>} />
          {reviews ? (
            <FirmReviews
              firmName={ownerName(owner)}
              rating={reviews.rating}
              responseTime={reviews.responseTime}
              reviews={reviews.reviews}
              olderHref={reviews.nextCursor ? `/firms/${owner.id}?reviews=${encodeURIComponent(reviews.nextCursor)}#reviews` : null}
            />
          ) : null}
        </section>
      </div>
      <OwnerDialogs
        owner={owner}
        contact={contact}
        enquiry={
          visitor && honeypot ? (
            <EnquiryForm firmId={owner.id} defaults={visitor} honeypot={honeypot} formToken={formToken} lastResult={actionData && 'result' in actionData ? actionData.result : null} />
          ) : (
            <SignInToEnquire />
          )
        }
      />
    </div>
  );
}
