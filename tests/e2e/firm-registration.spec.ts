import { apiCall, DEMO, expect, loginAs, postsDuring, ready, registerUser, test } from './fixtures';
import { attachDocument, fillFirmForm, firmDialog, firmInput, pdfBytes, uniqueSuffix } from './firm-helpers';

const PROMISE = 'Your account will be verified within 48 business hours';

test.describe('register-firm dialog', () => {
  test('an explorer registers a firm with a document: the dialog closes and the page states the 48-hour promise', async ({ page, js }) => {
    const account = await registerUser();
    await loginAs(page, account.email, account.password);
    await page.goto('/explore');
    await ready(page, js);

    await page.getByTestId('register-firm').click();
    await expect(page).toHaveURL(/[?&]dialog=register-firm/);
    const dialog = firmDialog(page);
    await expect(dialog).toBeVisible();
    // The account has a password: the dialog does not ask for one.
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveCount(0);
    // State waits for a country, city for a state.
    await expect(dialog.getByLabel('State')).toBeDisabled();
    await expect(dialog.getByLabel('City')).toBeDisabled();

    const firm = firmInput(`Aurora Works ${uniqueSuffix()}`, { firmType: 'Interior' });
    await fillFirmForm(page, js, firm);
    await attachDocument(page, { name: 'Aurora certificate.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
    await dialog.getByRole('button', { name: 'Register firm' }).click();

    await expect(firmDialog(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(page).toHaveURL(/\/explore/);
    await expect(page.getByTestId('toast')).toContainText(PROMISE);
    const banner = page.getByTestId('firm-banner');
    await expect(banner).toContainText(`${firm.firmName} is waiting for verification`);
    await expect(banner).toContainText(PROMISE);
    // Stored as logged in with the firm role: the header now shows the firm's links, not Register Firm.
    await expect(page.getByRole('link', { name: 'Portfolio' }).first()).toBeAttached();
    await expect(page.getByTestId('register-firm')).toHaveCount(0);

    const me = await apiCall<{ data: { role: string; isVerify: number; firmName: string; city: string } }>('GET', '/users/me', undefined, account.token);
    expect(me.json.data).toMatchObject({ role: 'interiorDesigner', isVerify: 1, firmName: firm.firmName, city: 'Calangute' });

    // The banner stays on other pages, and the dialog is not offered again while pending.
    await page.goto('/firms?dialog=register-firm');
    await expect(page.getByTestId('firm-banner')).toContainText(PROMISE);
    await expect(firmDialog(page)).toHaveCount(0);
  });

  test('missing fields show their messages; a text file named .pdf is refused by content', async ({ page, js }) => {
    const account = await registerUser();
    await loginAs(page, account.email, account.password);
    await page.goto('/explore?dialog=register-firm');
    await ready(page, js);
    const dialog = firmDialog(page);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Register firm' }).click();
    for (const message of [
      'Firm name is required',
      'Firm type is required',
      'Business email is required',
      'Contact number is required',
      'Address is required',
      'Country is required',
      'Document is required',
    ]) {
      await expect(firmDialog(page).getByText(message, { exact: true })).toBeVisible();
    }

    const firm = firmInput(`Bogus Docs ${uniqueSuffix()}`, { contactNo: '12345' });
    // Typing in fields that show errors posts nothing. With JavaScript the browser finds both the
    // number and the document (by its first bytes) before anything is sent (decision 155, 156);
    // without it the server does (and "Show states and cities" posts twice for the place lists).
    const posts = await postsDuring(page, async () => {
      await fillFirmForm(page, js, firm);
      await attachDocument(page, { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a PDF at all') });
      await firmDialog(page).getByRole('button', { name: 'Register firm' }).click();
      await expect(firmDialog(page).getByText('Enter a valid 10-digit phone number')).toBeVisible();
    });
    expect(posts).toHaveLength(js ? 0 : 3);
    // Under the document field.
    await expect(firmDialog(page).locator('.field-errors', { hasText: 'Only PDF, DOC, or DOCX files are allowed' })).toBeVisible();
    // The values typed are still there; nothing was registered.
    await expect(firmDialog(page).getByLabel('Firm name')).toHaveValue(firm.firmName);
    // So is the place (the root hands the dialog new, equal place lists after each post).
    await expect(firmDialog(page).getByLabel('Country')).toHaveValue(firm.country);
    await expect(firmDialog(page).getByLabel('State')).toHaveValue(firm.state);
    await expect(firmDialog(page).getByLabel('City')).toHaveValue(firm.city);
    const me = await apiCall<{ data: { isVerify: number; role: string } }>('GET', '/users/me', undefined, account.token);
    expect(me.json.data).toMatchObject({ isVerify: 0, role: 'explorer' });

    // A real document and a valid number: registered.
    await firmDialog(page).getByLabel('Contact number').fill('9822012345');
    await attachDocument(page, { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
    await firmDialog(page).getByRole('button', { name: 'Register firm' }).click();
    await expect(page.getByTestId('firm-banner')).toContainText(PROMISE);
  });

  test('the dialog closes without registering, and is offered only to explorers', async ({ page, js }) => {
    const account = await registerUser();
    await loginAs(page, account.email, account.password);
    await page.goto('/firms?dialog=register-firm');
    await ready(page, js);
    await expect(firmDialog(page)).toBeVisible();
    await firmDialog(page).getByRole('link', { name: 'Cancel' }).click();
    await expect(firmDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/firms$/);

    // An approved firm asking for the dialog gets the page without it.
    await page.context().clearCookies();
    await loginAs(page, DEMO.firm);
    await page.goto('/explore?dialog=register-firm');
    await ready(page, js);
    await expect(firmDialog(page)).toHaveCount(0);
    await expect(page.getByTestId('firm-banner')).toHaveCount(0);
  });
});
