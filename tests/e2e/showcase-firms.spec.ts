import { openE2EDatabase } from './database';
import { createFirm } from '../../server/seed/factories';
import { apiCall, DEMO, DEMO_PASSWORD, expect, loginAs, ready, test } from './fixtures';
import { uniqueSuffix } from './firm-helpers';

type Directory = {
  firms: Array<{ id: string; firmName: string | null; userName: string }>;
  count: number;
  nextCursor: string | null;
};

type Account = { id: string; firmName: string | null; businessEmail: string | null; contactNo: string | null; country: string; state: string; city: string; teams: Array<{ name: string; role: string }> };

/** Approved firms in one city, made with the factories (the demo has fewer firms than a page). */
async function firmsIn(city: string, names: string[]) {
  const database = await openE2EDatabase();
  try {
    for (const firmName of names) {
      await createFirm(database.db, { firmName, email: `dir-${uniqueSuffix()}@example.test`, country: 'India', state: 'Kerala', city });
    }
  } finally {
    await database.close();
  }
}

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
    await expect(page.getByTestId('firm-count')).toContainText(`${expected.count} ${expected.count === 1 ? 'firm matches' : 'firms match'} your filters`);
    await expect(cards.first().locator('.firm-thumbs img').first()).toHaveAttribute('srcset', /w480\.webp/);

    // Clear brings every firm back.
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(cards).toHaveCount(Math.min(all.count, 10));
  });

  test('"Load more" goes on after the last firm shown by its cursor, keeping the filters (decision 175)', async ({ page, js }) => {
    // Each project its own city, so the two runs do not see each other's firms.
    const city = js ? 'Alappuzha' : 'Kollam';
    const suffix = uniqueSuffix();
    // Eleven firms: a page of ten and one more (few: other journeys list the directory 50 at a time);
    // names of mixed case, one with commas (the cursor's last part), all after the demo firms' names,
    // which the journey below finds on the first page.
    await firmsIn(city, [...Array.from({ length: 9 }, (_, i) => `${i % 2 ? 'zephyr' : 'Zephyr'} Studio ${suffix} ${String(i).padStart(2, '0')}`), `Zephyr, Studio ${suffix}`, `ZEPHYR ZED ${suffix}`]);
    const { token } = await loginAs(page, DEMO.explorer);
    const filters = `country=India&state=Kerala&city=${city}`;
    const { json: first } = await apiCall<Directory>('GET', `/users/user-firm?page=1&limit=10&${filters}`, undefined, token);
    expect(first.count).toBe(11);
    const { json: second } = await apiCall<Directory>('GET', `/users/user-firm?limit=10&${filters}&after=${encodeURIComponent(first.nextCursor!)}`, undefined, token);
    expect(second.firms).toHaveLength(1);
    expect(second.nextCursor).toBeNull();

    await page.goto(`/firms?${filters}`);
    await ready(page, js);
    const cards = page.getByTestId('firm-card');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText(first.firms[0]!.firmName!);
    if (js) {
      // Scrolling to the bottom fetches the next page in place, and the list ends there.
      await page.mouse.wheel(0, 20_000);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(cards).toHaveCount(11);
      await expect(cards.last()).toContainText(second.firms[0]!.firmName!);
      await expect(page.getByTestId('load-more')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/firms\\?${filters}$`));
    } else {
      await page.getByTestId('load-more').click();
      // The link carries the filters, the next page, the cursor of the tenth firm and the first page's total.
      await expect(page).toHaveURL(/[?&]page=2&/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ country: 'India', state: 'Kerala', city, page: '2', after: first.nextCursor, total: '11' });
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(second.firms[0]!.firmName!);
      await expect(page.getByTestId('firm-count')).toContainText('11 firms match your filters');
      // The Paging line as the numbered page 2 shows it, and no "Load more" after the last firm.
      await expect(page.getByTestId('paging')).toContainText('11 of 11');
      await expect(page.getByTestId('load-more')).toHaveCount(0);
      // An old numbered link shows the same page.
      await page.goto(`/firms?${filters}&page=2`);
      await expect(cards.first()).toContainText(second.firms[0]!.firmName!);
      await expect(page.getByTestId('paging')).toContainText('11 of 11');
    }
  });

  test('a firm portfolio shows its projects, and its Contact and Team popups', async ({ page, js }) => {
    const { token } = await loginAs(page, DEMO.explorer);
    // The firm's id as its owner signs in, its public side from its portfolio (decisions 188, 191).
    const { json: signIn } = await apiCall<{ data: { id: string } }>('POST', '/users/login', { email: DEMO.firm, password: DEMO_PASSWORD });
    const { json: portfolio } = await apiCall<{ data: { userData: Account } }>('GET', `/projects/public-portfolio/${signIn.data.id}`, undefined, token);
    const firm = portfolio.data.userData;

    // Other journeys add firms in the same city, so the directory may need "Load more" to reach it.
    await page.goto(`/firms?country=${firm.country}&state=${firm.state}&city=${firm.city}`);
    await ready(page, js);
    const link = page.getByTestId('firm-card').filter({ hasText: firm.firmName! }).getByRole('link', { name: firm.firmName! });
    while ((await link.count()) === 0 && (await page.getByTestId('load-more').count()) > 0) {
      const shown = await page.getByTestId('firm-card').count();
      await page.getByTestId('load-more').click();
      await ready(page, js);
      if (js) await expect.poll(() => page.getByTestId('firm-card').count()).toBeGreaterThan(shown);
    }
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/firms/${firm.id}$`));
    await ready(page, js);
    const card = page.getByTestId('owner-card');
    await expect(card).toContainText(firm.firmName!);
    await expect(card).toContainText('Architecture');
    await expect(page.getByTestId('portfolio-grid').getByTestId('project-card').first()).toBeVisible();

    await card.getByTestId('open-contact').click();
    const contact = page.getByTestId('contact-dialog');
    await expect(contact).toBeVisible();
    // The Contact popup shows the public business email, never the login email.
    await expect(contact).toContainText(firm.businessEmail!);
    await expect(contact).not.toContainText(DEMO.firm);
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

test('long firm details are clamped with Read More and opened with Read Less, with and without JavaScript', async ({ page, js }) => {
  const details = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of a long practice history, with its buildings and its people.`).join('\n');
  const database = await openE2EDatabase();
  let firmId: string;
  try {
    firmId = (await createFirm(database.db, { firmName: `Long Story ${uniqueSuffix()}`, userDetails: details })).id;
  } finally {
    await database.close();
  }
  await loginAs(page, DEMO.explorer);
  await page.goto(`/firms/${firmId}`);
  await ready(page, js);
  const about = page.getByTestId('owner-card').locator('.owner-details');
  const text = about.locator('.read-more-text');
  const clamped = (await text.boundingBox())!.height;
  await expect(about.getByText('Read More')).toBeVisible();
  await expect(about.getByText('Read Less')).toBeHidden();
  await about.getByText('Read More').click();
  await expect(about.getByText('Read Less')).toBeVisible();
  await expect(about.getByText('Read More')).toBeHidden();
  expect((await text.boundingBox())!.height, 'the whole text once opened').toBeGreaterThan(clamped * 2);
  await about.getByText('Read Less').click();
  await expect(about.getByText('Read More')).toBeVisible();
  expect((await text.boundingBox())!.height).toBeCloseTo(clamped, 0);
});
