import { createCookieSessionStorage } from '@remix-run/node';
import type { Page } from '@playwright/test';
import { simplePdf } from '../../server/seed/documents';
import { E2E } from './env';
import { apiCall, expect, registerUser } from './fixtures';

/** Helpers of the firm registration and admin journeys. */

export const pdfBytes = (title = 'Certificate of registration') => simplePdf([title, 'Generated for an end-to-end test']);

export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export type FirmInput = {
  firmName: string;
  firmType: 'Architecture' | 'Interior' | 'Architecture and Interior';
  businessEmail: string;
  contactNo: string;
  website?: string;
  address: string;
  country: string;
  state: string;
  city: string;
};

export const firmInput = (firmName: string, extra: Partial<FirmInput> = {}): FirmInput => ({
  firmName,
  firmType: 'Architecture',
  businessEmail: `office-${uniqueSuffix()}@example.test`,
  contactNo: '9822012345',
  website: 'https://studio.example',
  address: '7 Beach Road',
  country: 'India',
  state: 'Goa',
  city: 'Calangute',
  ...extra,
});

const FIRM_TYPE_VALUES: Record<FirmInput['firmType'], string> = {
  Architecture: 'architect',
  Interior: 'interiorDesigner',
  'Architecture and Interior': 'architectureAndInterior',
};

/** The open register-firm dialog. */
export const firmDialog = (page: Page) => page.getByRole('dialog', { name: 'Register your firm' });

/**
 * Chooses the dialog's country. With JavaScript the dialog's module loads on demand (decision 160):
 * until it has arrived the server's dialog stays in place and a choice made in it changes nothing,
 * so the choice is made again until the State list answers it.
 */
export async function chooseDialogCountry(page: Page, js: boolean, country: string) {
  const dialog = firmDialog(page);
  if (!js) {
    await dialog.getByLabel('Country').selectOption(country);
    return;
  }
  await expect(async () => {
    await dialog.getByLabel('Country').selectOption(country);
    await expect(dialog.getByLabel('State')).toBeEnabled({ timeout: 1000 });
  }).toPass();
}

/**
 * Fills the dependent selects: with JavaScript the lists load in place; without it, the
 * "Show states and cities" button posts the form back and the server renders the next list.
 */
export async function choosePlace(page: Page, js: boolean, place: { country: string; state: string; city: string }) {
  const dialog = firmDialog(page);
  await chooseDialogCountry(page, js, place.country);
  if (!js) await dialog.getByRole('button', { name: 'Show states and cities' }).click();
  await expect(dialog.getByLabel('State').locator('option', { hasText: place.state })).toHaveCount(1);
  await dialog.getByLabel('State').selectOption(place.state);
  if (!js) await dialog.getByRole('button', { name: 'Show states and cities' }).click();
  await expect(dialog.getByLabel('City').locator('option', { hasText: place.city }).first()).toBeAttached();
  await dialog.getByLabel('City').selectOption(place.city);
}

/** Fills the dialog's fields (not the document) and the place. */
export async function fillFirmForm(page: Page, js: boolean, firm: FirmInput) {
  const dialog = firmDialog(page);
  await dialog.getByLabel('Firm name').fill(firm.firmName);
  await dialog.getByLabel('Firm type').selectOption({ label: firm.firmType });
  await dialog.getByLabel('Business email').fill(firm.businessEmail);
  await dialog.getByLabel('Contact number').fill(firm.contactNo);
  if (firm.website) await dialog.getByLabel('Website').fill(firm.website);
  await dialog.getByLabel('Street address').fill(firm.address);
  await choosePlace(page, js, firm);
  // Without JavaScript each place refresh re-renders the form from the server: the values come back.
  await expect(dialog.getByLabel('Firm name')).toHaveValue(firm.firmName);
}

export async function attachDocument(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await firmDialog(page).getByLabel('Registration document').setInputFiles(file);
}

/** An explorer who registered a firm through the api (document upload, then user-firm): waiting for verification. */
export async function pendingFirmThroughApi(firm: FirmInput) {
  const account = await registerUser();
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(pdfBytes(firm.firmName))], { type: 'application/pdf' }), `${firm.firmName}.pdf`);
  const upload = await fetch(`${E2E.apiURL}/api/users/upload/file`, { method: 'POST', body: form, headers: { authorization: `Bearer ${account.token}` } });
  if (upload.status !== 200) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { urls } = (await upload.json()) as { urls: string[] };
  const { firmType, ...rest } = firm;
  const { status, json } = await apiCall<{ user: { id: string } }>(
    'POST',
    '/users/user-firm',
    { ...rest, firmType: FIRM_TYPE_VALUES[firmType], documentURL: urls[0] },
    account.token,
  );
  if (status !== 200) throw new Error(`user-firm failed: ${status} ${JSON.stringify(json)}`);
  return { ...account, id: json.user.id };
}

/** The directory as the api serves it (page 1, filtered by place). */
export async function directoryNames(token: string, place: { country: string; state: string; city: string }) {
  const query = new URLSearchParams({ ...place, page: '1', limit: '50' });
  const { status, json } = await apiCall<{ firms: Array<{ firmName: string | null; userName: string }> }>('GET', `/users/user-firm?${query}`, undefined, token);
  if (status !== 200) throw new Error(`directory failed: ${status}`);
  return json.firms.map((f) => f.firmName ?? f.userName);
}

const adminStorage = createCookieSessionStorage({
  cookie: { name: '__admin', httpOnly: true, sameSite: 'lax', path: '/admin', secrets: [E2E.sessionSecret] },
});

/** The admin api token held by the browser's `__admin` cookie (to revoke it behind the page's back). */
export async function adminTokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(`${E2E.baseURL}/admin/dashboard`)).find((c) => c.name === '__admin');
  if (!cookie) throw new Error('no admin cookie');
  const session = await adminStorage.getSession(`__admin=${cookie.value}`);
  return session.get('token');
}

/** Signs the super-admin in through the admin login form. */
export async function adminLoginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}
