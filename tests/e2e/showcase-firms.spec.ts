import { apiCall, DEMO, expect, loginAs, ready, test } from './fixtures';

type Directory = { firms: Array<{ id: string; firmName: string | null; userName: string; email: string; businessEmail: string | null; contactNo: string | null; teams: Array<{ name: string; role: string }> }>; count: number };

test.describe('firm directory', () => {
  test('an explorer filters the directory by country and project type', async ({ page, js }) => {
    const { token } = await loginAs(page, DEMO.explorer);
    const { json: expected } = await apiCall<Directory>('GET', '/users/user-firm?page=1&limit=50&country=India&projectType=interior-commercial', undefined, token);
    const { json: all } = await apiCall<Directory>('GET', '/users/user-firm?page=1&limit=50', undefined, token);
    expect(expected.count, 'the filter narrows the demo firms').toBeGreaterThan(0);
    expect(expected.count).toBeLessThan(all.count);

    await page.goto('/firms');
    await ready(page, js);
    const cards = page.getByTestId('firm-card');
    await expect(cards).toHaveCount(Math.min(all.count, 10));
    // State needs a country, city a state.
    await expect(page.getByLabel('State')).toBeDisabled();
    await expect(page.getByLabel('City')).toBeDisabled();

    await page.getByLabel('Country').fill('India');
    if (!js) await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/country=India/);
    await expect(page.getByLabel('State')).toBeEnabled();
    await expect(page.getByLabel('City')).toBeDisabled();

    await page.getByLabel('Project Type').fill('Interior Design – Commercial');
    if (!js) await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/projectType=/);
    await expect(cards).toHaveCount(expected.count);
    for (const firm of expected.firms) await expect(page.getByTestId('firm-list')).toContainText(firm.firmName ?? firm.userName);
    await expect(page.getByTestId('firm-count')).toContainText(`${expected.count} ${expected.count === 1 ? 'firm' : 'firms'} match your filters`);
    await expect(cards.first().locator('.firm-thumbs img').first()).toHaveAttribute('srcset', /w480\.webp/);

    // Clear brings every firm back.
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(cards).toHaveCount(Math.min(all.count, 10));
  });

  test('a firm portfolio shows its projects, and its Contact and Team popups', async ({ page, js }) => {
    const { token } = await loginAs(page, DEMO.explorer);
    const { json } = await apiCall<Directory>('GET', '/users/user-firm?page=1&limit=50', undefined, token);
    const firm = json.firms.find((f) => f.email === DEMO.firm)!;

    await page.goto('/firms');
    await ready(page, js);
    await page.getByTestId('firm-card').filter({ hasText: firm.firmName! }).getByRole('link', { name: firm.firmName! }).click();
    await expect(page).toHaveURL(new RegExp(`/firms/${firm.id}$`));
    await ready(page, js);
    const card = page.getByTestId('owner-card');
    await expect(card).toContainText(firm.firmName!);
    await expect(card).toContainText('Architecture');
    await expect(page.getByTestId('portfolio-grid').getByTestId('project-card').first()).toBeVisible();

    await card.getByTestId('open-contact').click();
    const contact = page.getByTestId('contact-dialog');
    await expect(contact).toBeVisible();
    // The Contact popup shows the public business email, never the login email (issue 15 defect 3).
    await expect(contact).toContainText(firm.businessEmail ?? firm.email);
    await expect(contact).toContainText(firm.contactNo!);
    if (js) await page.keyboard.press('Escape');
    else await contact.getByRole('link', { name: 'Close' }).click();
    await expect(contact).toBeHidden();

    await card.getByTestId('open-team').click();
    const team = page.getByTestId('team-dialog');
    await expect(team).toBeVisible();
    for (const member of firm.teams) {
      await expect(team.getByRole('row').filter({ hasText: member.name })).toContainText(member.role);
    }
    await team.getByRole('link', { name: 'Close' }).click();
    await expect(team).toBeHidden();

    // A project card opens the project page of the edit-project route, read-only for a visitor.
    await page.getByTestId('portfolio-grid').getByTestId('project-card').first().click();
    await expect(page).toHaveURL(/\/portfolio\/edit-project\/[0-9a-f]{24}$/);
    await expect(page.getByTestId('image-grid')).toBeVisible();
    await expect(page.getByTestId('edit-project')).toHaveCount(0);
  });
});
