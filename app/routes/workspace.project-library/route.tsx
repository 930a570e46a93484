import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { VersionField } from '../../../server/contract/http';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod/v4';
import { keepDataForDialogs } from '~/components/dialog';
import { Icon } from '~/components/icon';
import { Toast } from '~/components/toast';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { NewPanelLink, SidePanel, usePanel } from '~/components/workspace/side-panel';
import { createLibraryProduct, deleteLibraryProduct, getLibrary, libraryImageWebUrl, updateLibraryProduct } from '~/models/summary-output.server';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import outputStyles from '~/styles/summary-output.css';
import { formatPaise, parseRupees } from '../../../server/contract/money-text';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { LIBRARY_MESSAGES } from '../../../server/contract/library';
import { ProductForm } from './product-form';
import { submitForm, redirectAfter, required } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Project Library') }, { name: 'description', content: "The firm's saved products, reused across projects." }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: outputStyles }];

const LIBRARY = '/workspace/project-library';

/**
 * The Project Library (docs/decisions/108): the firm's saved products, typed once
 * and used on any project. Add and edit in a side panel (`?panel=new`, `?panel=edit&item={id}`),
 * delete with the confirmation (`?confirm={id}`): plain forms, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const { data } = await required(getLibrary(request));
  // Each product's first image as the browser fetches it (the web's resource route, with the session).
  const products = data.products.map(({ images, ...product }) => {
    const first = images[0];
    return { ...product, cover: first ? { w480: libraryImageWebUrl(first.id, 480), w960: libraryImageWebUrl(first.id, 960), width: first.width, height: first.height } : null };
  });
  return json({ products, canSeeMargins: data.canSeeMargins });
}

const AMOUNT = 'Enter an amount in rupees, e.g. 12500 or 12,500.50';
/** A price as typed ("12,500.50", blank for none) in paise. */
const rupees = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const paise = parseRupees(value || '0');
    if (paise === null) ctx.addIssue({ code: 'custom', message: AMOUNT });
    return paise ?? 0;
  });
const ProductFields = z.object({
  title: z.string({ error: LIBRARY_MESSAGES.titleRequired }).refine((title) => title.trim() !== '', LIBRARY_MESSAGES.titleRequired),
  description: z.string().default(''),
  retailPrice: rupees,
  // Only those who see margins get the field: without it the saved trade price stays.
  tradePrice: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const paise = parseRupees(value || '0');
      if (paise === null) ctx.addIssue({ code: 'custom', message: AMOUNT });
      return paise ?? 0;
    }),
});

/** An edit: the fields and the version its form was read at (docs/decisions/320). */
const ProductChanges = ProductFields.extend({ version: VersionField });

async function save(request: Request, formData: FormData) {
  const id = String(formData.get('id') ?? '');
  if (id) return submitForm(formData, { schema: ProductChanges, intent: 'save', send: (body) => updateLibraryProduct(request, id, body), done: () => redirectWithSuccess(LIBRARY, 'Product updated') });
  return submitForm(formData, { schema: ProductFields, intent: 'save', send: (body) => createLibraryProduct(request, body), done: () => redirectWithSuccess(LIBRARY, 'Product saved to the library') });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return dispatchIntent(await readFormData(request), {
    save: (formData) => save(request, formData),
    delete: (formData) => redirectAfter(deleteLibraryProduct(request, String(formData.get('id') ?? '')), LIBRARY, 'Product deleted', { serverFailure: 'Failed to delete product' }),
  });
}

export const shouldRevalidate = keepDataForDialogs;

export default function ProjectLibrary() {
  const { products, canSeeMargins } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saved = actionData?.intent === 'save' ? actionData : undefined;
  const panel = usePanel();
  const confirm = useConfirm();
  const editing = panel.open === 'edit' ? (products.find((p) => p.id === panel.item) ?? null) : null;
  const open = panel.open === 'new' || editing !== null;
  const deleting = confirm.id ? products.find((p) => p.id === confirm.id) : undefined;
  const addButton = <NewPanelLink testId="add-product">Add product</NewPanelLink>;
  return (
    <>
      <PageHeader title="Project Library" description="Products your firm uses again and again: type them once, add them to any schedule." actions={addButton} />
      {products.length ? (
        <ul className="so-library" data-testid="library">
          {products.map((product) => (
            <li key={product.id} className="so-product" data-testid="library-product">
              <div className={product.cover ? 'so-product-actions is-over-image' : 'so-product-actions'}>
                <Link to={panel.href('edit', product.id)} preventScrollReset className="ws-icon-button" aria-label={`Edit ${product.title}`} title="Edit">
                  <Icon d={ACTION_ICONS.edit} size={18} />
                </Link>
                <Link to={confirm.href(product.id)} preventScrollReset className="ws-icon-button ws-icon-danger" aria-label={`Delete ${product.title}`} title="Delete">
                  <Icon d={ACTION_ICONS.trash} size={18} />
                </Link>
              </div>
              {product.cover ? (
                <figure className="so-product-image">
                  <img src={product.cover.w480} srcSet={`${product.cover.w480} 480w, ${product.cover.w960} 960w`} sizes="(max-width: 767px) 100vw, 280px" alt={product.title} width={product.cover.width} height={product.cover.height} loading="lazy" data-testid="library-image" />
                  {product.imageCount > 1 ? <figcaption>{product.imageCount} images</figcaption> : null}
                </figure>
              ) : null}
              <h2>{product.title}</h2>
              {product.description ? <p>{product.description}</p> : null}
              <div className="so-product-prices">
                <div>
                  <span>Retail</span>
                  {formatPaise(product.retailPrice)}
                </div>
                {product.tradePrice !== undefined ? (
                  <div>
                    <span>Trade</span>
                    {formatPaise(product.tradePrice)}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No products in the library yet" icon="library" action={addButton}>
          Save a product here, or from an item of a schedule, to reuse it on other projects.
        </EmptyState>
      )}
      {open ? (
        <SidePanel title={editing ? 'Edit product' : 'Add product'} closeTo={panel.closeTo} testId="product-panel">
          <ProductForm key={editing?.id ?? 'new'} product={editing} lastResult={saved?.result} actionData={saved} canSeeMargins={canSeeMargins} />
        </SidePanel>
      ) : null}
      {deleting ? <ConfirmDelete what="product" id={deleting.id} name={deleting.title} closeTo={confirm.closeTo} /> : null}
      <Toast toast={saved?.toast} />
    </>
  );
}
