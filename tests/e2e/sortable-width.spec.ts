import { text } from './support/catalogue';
import { dragHandles } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/** The sortable lists (a template's blocks, a gallery's photos) fit the page, on a desktop and on a phone. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a template's blocks and a gallery's photos never widen the page", async ({ page, services, klientApi }) => {
      const templates = await klientApi.get<{ data: { id: number; name: string }[] }>(`/api/client_service/${services.newsletter}/module/templates?per_page=100`);
      const welcome = templates.data.find((template) => template.name === text('demo.newsletter_templates.welcome.name'))!;
      const galleries = await klientApi.get<{ data: { id: number; name: string }[] }>(`/api/client_service/${services.site}/module/galleries?per_page=100`);
      const spring = galleries.data.find((gallery) => gallery.name === text('demo.site_modules.galleries.spring'))!;

      for (const address of [`/usluga/${services.newsletter}/szablony/${welcome.id}/bloki`, `/usluga/${services.site}/moduly/galeria/zdjecia/${spring.id}`]) {
        await page.goto(address);
        await expect(pageHeading(page)).toBeVisible({ timeout: 30_000 });
        await expect(dragHandles(page).first()).toBeVisible();
        // The first row's last control (its move down button) is on screen, and nothing scrolls sideways.
        const moveDown = page.getByRole('main').getByRole('button', { name: text('app.widgets.sortable.move_down', { item: '' }).trim() });
        await expect(moveDown.first()).toBeInViewport();
        expect(await pageWidth(page), address).toBeLessThanOrEqual(viewport.width);
      }
    });
  });
}
