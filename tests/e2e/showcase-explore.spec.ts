import { apiCall, DEMO, expect, loginAs, ready, test } from './fixtures';
import { publishPicturedProjects } from './showcase-images';

type ExploreReply = { projects: Array<{ id: string; projectName: string; images: unknown[] }>; count: number; nextCursor: string | null };

test.describe('explore', () => {
  test('an explorer browses the gallery and loads the second page', async ({ page, js }) => {
    // The newest four, with pictures: the eager/lazy rule below needs more than three on page 1.
    await publishPicturedProjects(4);
    const { token } = await loginAs(page, DEMO.explorer);
    const { json } = await apiCall<ExploreReply>('GET', '/projects/explore?page=1&limit=10', undefined, token);
    expect(json.count, 'the demo seed has more than one page of projects').toBeGreaterThan(10);

    await page.goto('/explore');
    await ready(page, js);
    const cards = page.getByTestId('project-card');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText(json.projects[0]!.projectName);
    // Every picture comes from the WebP variants with srcset, lazily, never an original.
    // Another journey may have just published a project without pictures: the first card with one.
    const firstImage = cards.locator('img[srcset]').first();
    await expect(firstImage).toHaveAttribute('srcset', /w480\.webp 480w, .*w960\.webp 960w, .*w1600\.webp 1600w/);
    // Only the first three cards' pictures load eagerly, every later card's lazily (a card without
    // a picture, which other journeys publish, has none to load).
    const loading = await cards.evaluateAll((list) => list.map((card) => card.querySelector('img[srcset]')?.getAttribute('loading') ?? null));
    expect(loading.filter((value) => value !== null).length, 'the demo pictures on page 1').toBeGreaterThan(3);
    loading.forEach((value, index) => value === null || expect(value, `card ${index + 1}`).toBe(index < 3 ? 'eager' : 'lazy'));

    if (js) {
      // Scrolling to the bottom fetches the next page in place.
      await page.mouse.wheel(0, 20_000);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(cards).toHaveCount(Math.min(json.count, 20));
      await expect(page).toHaveURL(/\/explore$/);
    } else {
      // "Load more" goes on after the last card (keyset paging, decision 161), with the total of the first page.
      await page.getByTestId('load-more').click();
      await expect(page).toHaveURL(new RegExp(`/explore\\?page=2&after=${encodeURIComponent(json.nextCursor!)}&total=${json.count}$`));
      await expect(cards).toHaveCount(Math.min(json.count - 10, 10));
      const { json: second } = await apiCall<ExploreReply>('GET', `/projects/explore?limit=10&after=${encodeURIComponent(json.nextCursor!)}`, undefined, token);
      await expect(cards.first()).toContainText(second.projects[0]!.projectName);
      // The Paging line as the numbered page 2 shows it ("11–20 of 23", or "11 of 11" for one card).
      const range = `${json.count === 11 ? '11' : `11–${Math.min(json.count, 20)}`} of ${json.count}`;
      await expect(page.getByTestId('paging')).toContainText(range);
      // An old numbered link shows the same page.
      await page.goto('/explore?page=2');
      await expect(cards.first()).toContainText(second.projects[0]!.projectName);
      await expect(page.getByTestId('paging')).toContainText(range);
    }
  });

  test('a project page shows 4 images with +N, facts, team and the owner card; the carousel shows all images', async ({ page, js }) => {
    const { token } = await loginAs(page, DEMO.explorer);
    const { json } = await apiCall<ExploreReply>('GET', '/projects/explore?page=1&limit=50', undefined, token);
    const project = json.projects.find((p) => p.images.length > 4)!;
    expect(project, 'a demo project with more than 4 images').toBeTruthy();
    const total = project.images.length;

    await page.goto(`/explore/${project.id}`);
    await ready(page, js);
    await expect(page.getByRole('heading', { level: 1, name: project.projectName })).toBeVisible();
    const grid = page.getByTestId('image-grid');
    await expect(grid.locator('img')).toHaveCount(4);
    await expect(page.getByTestId('more-images')).toHaveText(`+${total - 4}`);
    for (const label of ['Project type', 'Area', 'Year', 'City', 'State', 'Country']) {
      await expect(page.getByTestId('project-facts')).toContainText(label);
    }
    await expect(page.getByTestId('project-facts')).toContainText('m²');

    // See more / Hide: the team table grouped by role.
    const team = page.getByTestId('team-toggle');
    await expect(team.getByRole('table')).toBeHidden();
    await team.getByText('See more').click();
    await expect(team.getByRole('table')).toBeVisible();
    await team.getByText('Hide').click();
    await expect(team.getByRole('table')).toBeHidden();

    // The carousel opens at the image clicked and goes round all of them.
    await grid.locator('a').first().click();
    const carousel = page.getByTestId('carousel');
    await expect(carousel).toBeVisible();
    const counter = page.getByTestId('carousel-counter');
    await expect(counter).toHaveText(`1 / ${total}`);
    if (js) {
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(`2 / ${total}`);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(counter).toHaveText(`${total} / ${total}`);
      await page.keyboard.press('Escape');
    } else {
      await carousel.getByRole('link', { name: 'Next image' }).click();
      await expect(counter).toHaveText(`2 / ${total}`);
      await carousel.getByRole('link', { name: 'Previous image' }).click();
      await carousel.getByRole('link', { name: 'Previous image' }).click();
      await expect(counter).toHaveText(`${total} / ${total}`);
      await carousel.getByRole('link', { name: 'Close' }).click();
    }
    await expect(carousel).toBeHidden();
    // The +N tile opens the carousel at the fourth image.
    await page.getByTestId('more-images').click();
    await expect(page.getByTestId('carousel-counter')).toHaveText(`4 / ${total}`);
  });

  test('a hand-made carousel image number is brought into the list, never a missing image (it was a 500)', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.explorer);
    const { json } = await apiCall<ExploreReply>('GET', '/projects/explore?page=1&limit=50', undefined, token);
    const project = json.projects.find((p) => p.images.length > 4)!;
    const total = project.images.length;
    for (const [image, shown] of [['1.5', 2], ['1e-7', 1], ['-2', 1], ['9999', total]] as const) {
      // The server's page (the same with and without JavaScript): its status and the counter it renders.
      const answer = await page.request.get(`/explore/${project.id}?dialog=carousel&image=${image}`);
      expect(answer.status(), `image=${image}`).toBe(200);
      const counter = /data-testid="carousel-counter">([^<]*(?:<!-- -->[^<]*)*)</.exec(await answer.text())?.[1]?.replaceAll('<!-- -->', '');
      expect(counter, `image=${image}`).toBe(`${shown} / ${total}`);
    }
  });

  test('the header search finds a project and a firm', async ({ page, js }) => {
    await loginAs(page, DEMO.explorer);
    await page.goto('/explore');
    await ready(page, js);
    const input = page.getByTestId('search-input');

    await input.fill('Courtyard');
    if (js) {
      const dropdown = page.getByTestId('search-dropdown');
      await expect(dropdown).toBeVisible();
      await expect(dropdown.getByRole('tab', { name: /Project/ })).toHaveAttribute('aria-selected', 'true');
      await dropdown.getByRole('link', { name: 'Courtyard House' }).click();
    } else {
      await input.press('Enter');
      await expect(page).toHaveURL(/\/explore\/search\?search=Courtyard/);
      await page.getByTestId('search-projects').getByRole('link', { name: 'Courtyard House' }).click();
    }
    await expect(page).toHaveURL(/\/explore\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Courtyard House' })).toBeVisible();

    await page.goto('/explore');
    await ready(page, js);
    await page.getByTestId('search-input').fill('Mehta');
    if (js) {
      const dropdown = page.getByTestId('search-dropdown');
      await dropdown.getByRole('tab', { name: /Firm/ }).click();
      await dropdown.getByRole('link', { name: 'Mehta Studio Architects' }).click();
    } else {
      await page.getByTestId('search-input').press('Enter');
      await page.getByTestId('search-firms').getByRole('link', { name: 'Mehta Studio Architects' }).click();
    }
    await expect(page).toHaveURL(/\/firms\/[0-9a-f]{24}$/);
    await expect(page.getByTestId('owner-card')).toContainText('Mehta Studio Architects');
  });

  test('the search dropdown is 310 px wide, at most 300 px high, and closes on a click outside', { tag: '@js-only' }, async ({ page, js }) => {
    // the dropdown needs JavaScript; without it the search is a results page
    await loginAs(page, DEMO.explorer);
    await page.goto('/explore');
    await ready(page, js);
    await page.getByTestId('search-input').fill('a');
    const dropdown = page.getByTestId('search-dropdown');
    await expect(dropdown.getByRole('link').first()).toBeVisible();
    const box = (await dropdown.boundingBox())!;
    expect(box.width).toBe(310);
    expect(box.height).toBeLessThanOrEqual(300);
    // A click anywhere outside the search box (here: on the page, below the dropdown).
    await page.mouse.click(1200, 650);
    await expect(dropdown).toBeHidden();
  });

  test('the search runs once, 300 ms after typing stops', { tag: '@js-only' }, async ({ page, js }) => {
    await loginAs(page, DEMO.explorer);
    await page.goto('/explore');
    await ready(page, js);
    const searches: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/explore/search') searches.push(Date.now());
    });
    const input = page.getByTestId('search-input');
    await input.focus();
    // Four keys in quick succession: one search, for the whole word, after the last one.
    for (const key of ['C', 'o', 'u', 'r']) await page.keyboard.type(key);
    const lastKey = Date.now();
    await expect(page.getByTestId('search-dropdown').getByRole('link').first()).toBeVisible();
    expect(searches).toHaveLength(1);
    expect(searches[0]! - lastKey, 'the wait after the last key').toBeGreaterThanOrEqual(290);
  });
});
