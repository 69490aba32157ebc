import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { dragHandles, expectToast, moveToTopByKeyboard, pngImage, saveButton, uniqueName } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

const main = (page: Page) => page.getByRole('main');
const blockField = (page: Page, name: string, role: 'textbox' | 'combobox' = 'textbox') =>
  main(page).getByRole(role, { name: text(`resources.template_blocks.fields.${name}`), exact: true });

async function chooseType(page: Page, type: string): Promise<void> {
  await blockField(page, 'type', 'combobox').click();
  await page.getByRole('option', { name: text(`resources.template_blocks.types.${type}`), exact: true }).click();
}

async function addBlock(page: Page, type: string, fill: (page: Page) => Promise<void>): Promise<void> {
  await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
  await chooseType(page, type);
  await fill(page);
  await saveButton(page).click();
  await expectToast(page, text('resources.template_blocks.messages.created'));
}

test.describe('newsletter template blocks', () => {
  test.use({ bypassCSP: true });

  test('a new template opens its blocks: blocks of several types, reordered by keyboard, previewed at two widths, downloaded', async ({ page, services }) => {
    const name = uniqueName('Szablon e2e');
    await page.goto(`/usluga/${services.newsletter}/szablony/dodaj`);
    await main(page).getByRole('textbox', { name: text('resources.templates.fields.name') }).fill(name);
    await saveButton(page).click();
    await expectToast(page, 'Szablon został dodany.');
    // Creating a template opens its blocks screen (SPEC 4).
    await expect(page).toHaveURL(/\/szablony\/\d+\/bloki$/);
    const blocksPath = new URL(page.url()).pathname;
    const templatePath = blocksPath.replace(/\/bloki$/, '');
    await expect(main(page).getByText(text('app.schema.empty'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await addBlock(page, 'heading', async () => {
      await blockField(page, 'text').fill('Witaj w e2e');
      // Only an image block takes an upload.
      await expect(main(page).locator('input[type="file"]')).toHaveCount(0);
    });
    await addBlock(page, 'text', async () => {
      await blockField(page, 'content').click();
      await page.keyboard.type('Akapit z edytora');
    });
    await addBlock(page, 'button', async () => {
      // The form shows the type's own fields only.
      await expect(blockField(page, 'content')).toHaveCount(0);
      await blockField(page, 'text').fill('Kliknij tutaj');
      await blockField(page, 'url').fill('https://www.kowalski.example.com/');
      expect(await axeViolations(page)).toEqual([]);
    });
    await addBlock(page, 'divider', async () => {
      await expect(blockField(page, 'text')).toHaveCount(0);
    });
    await expect(page).toHaveURL(new RegExp(`${blocksPath}$`));
    const labels = () => dragHandles(page).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    const drag = (type: string) => text('app.widgets.sortable.drag', { item: text(`resources.template_blocks.types.${type}`) });
    await expect.poll(labels).toEqual([drag('heading'), drag('text'), drag('button'), drag('divider')]);
    expect(await axeViolations(page)).toEqual([]);

    // The button goes to the top by keyboard.
    await moveToTopByKeyboard(page, text('resources.template_blocks.types.button'), 3, 4);
    await expectToast(page, text('app.schema.order_saved'));
    await expect.poll(labels).toEqual([drag('button'), drag('heading'), drag('text'), drag('divider')]);
    await page.reload();
    await expect.poll(labels, { timeout: 30_000 }).toEqual([drag('button'), drag('heading'), drag('text'), drag('divider')]);

    // The preview: the rendered html in a sandboxed frame, in the blocks' order, at a desktop or a phone width.
    await page.goto(templatePath);
    await expect(pageHeading(page)).toBeVisible();
    const frame = main(page).locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    const document = frame.contentFrame();
    await expect(document.getByText('Witaj w e2e')).toBeVisible();
    await expect(document.getByText('Akapit z edytora')).toBeVisible();
    const order = await frame.getAttribute('srcdoc');
    expect(order!.indexOf('Kliknij tutaj')).toBeLessThan(order!.indexOf('Witaj w e2e'));
    expect((await frame.boundingBox())!.width).toBeGreaterThan(700);
    await main(page).getByRole('button', { name: text('app.preview.phone') }).click();
    await expect.poll(async () => (await frame.boundingBox())!.width).toBeLessThan(400);
    expect(await axeViolations(page)).toEqual([]);

    // Download: the link the call gives, then the browser's download and the toast.
    const download = page.waitForEvent('download');
    await main(page).getByRole('button', { name: text('resources.templates.actions.download') }).click();
    expect((await download).suggestedFilename()).toMatch(/^Szablon-e2e-.*\.html$/);
    await expectToast(page, 'Pobrano dokument.');
  });

  test('a picture sent to the layouts, a template in a layout, and an image block showing the picture', async ({ page, services }) => {
    const picture = `${uniqueName('logo').replace(' ', '-')}.png`;
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/wyglad/zdjecia`);
    await main(page).locator('input[type="file"]').setInputFiles(await pngImage(page, { name: picture, colour: '#0a7d32', width: 40, height: 20 }));
    await expect(main(page).getByLabel(text('app.uploads.sent', { name: picture }))).toBeVisible();

    await page.goto(`/usluga/${services.newsletter}/szablony/dodaj`);
    await main(page).getByRole('textbox', { name: text('resources.templates.fields.name') }).fill(uniqueName('Szablon w układzie'));
    await main(page).getByRole('combobox', { name: text('resources.templates.fields.layout_id') }).click();
    await page.getByRole('option', { name: text('demo.newsletter_layouts.holiday.name'), exact: true }).click();
    await saveButton(page).click();
    await expectToast(page, 'Szablon został dodany.');
    await expect(page).toHaveURL(/\/bloki$/);

    await addBlock(page, 'image', async () => {
      await expect(main(page).locator('input[type="file"]')).toHaveCount(1);
      await blockField(page, 'alt').fill('Logo firmy');
      await blockField(page, 'picture_id', 'combobox').click();
      await page.getByRole('option', { name: picture, exact: true }).click();
      expect(await axeViolations(page)).toEqual([]);
    });
    await page.goto(new URL(page.url()).pathname.replace(/\/bloki$/, ''));
    const document = main(page).locator('iframe').contentFrame();
    await expect(document.getByRole('img', { name: 'Logo firmy' })).toBeVisible();
    // The holiday layout's header and colours surround the blocks.
    await expect(document.getByText(text('demo.newsletter_layouts.holiday.header'))).toBeVisible();

    // A picture the service's disk shares publicly (the demo logo) in a second image block.
    await page.goto(`${new URL(page.url()).pathname}/bloki`);
    await addBlock(page, 'image', async () => {
      await blockField(page, 'alt').fill('Logo z dysku');
      await blockField(page, 'disk_file_id', 'combobox').click();
      await page.getByRole('option', { name: text('demo.disk.files.logo'), exact: true }).click();
    });
    await page.goto(new URL(page.url()).pathname.replace(/\/bloki$/, ''));
    const fromDisk = main(page).locator('iframe').contentFrame().getByRole('img', { name: 'Logo z dysku' });
    await expect(fromDisk).toBeVisible();
    // Loaded, not only its alt text: the sandboxed preview (an opaque origin) may load the disk's public picture.
    await expect.poll(() => fromDisk.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  test('a template without blocks says so', async ({ page, services, klientApi }) => {
    const created = await klientApi.send('POST', `/api/client_service/${services.newsletter}/module/templates`, { name: uniqueName('Pusty e2e') });
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/usluga/${services.newsletter}/szablony/${id}`);
    await expect(main(page).getByText('Brak bloków.')).toBeVisible();
    await expect(main(page).locator('iframe')).toHaveCount(0);
  });

  test('layouts: the list, a new layout, and the pictures screen pass axe', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/wyglad`);
    await expect(main(page).getByText(text('demo.newsletter_layouts.company.name'), { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await main(page).getByRole('textbox', { name: text('resources.layouts.fields.name') }).fill(uniqueName('Układ e2e'));
    await saveButton(page).click();
    await expectToast(page, text('resources.layouts.messages.created'));
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/wyglad/dodaj`);
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.layouts.name_required')).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/wyglad/zdjecia`);
    await expect(pageHeading(page)).toHaveText(text('resources.layout_pictures.title'));
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('newsletter template addresses', () => {
  test('the edit screen is at szablony/{id}/edytuj (the former address leads there), and a copy opens its own edit screen', async ({ page, services, klientApi }) => {
    const name = uniqueName('Szablon do kopii');
    const created = await klientApi.send('POST', `/api/client_service/${services.newsletter}/module/templates`, { name });
    const { id } = (await created.json()) as { id: number };
    const nameBox = main(page).getByRole('textbox', { name: text('resources.templates.fields.name') });

    await page.goto(`/usluga/${services.newsletter}/szablony/edytuj/${id}`);
    await expect(page).toHaveURL(`/usluga/${services.newsletter}/szablony/${id}/edytuj`);
    await expect(nameBox).toHaveValue(name);

    const copyName = `${name} kopia`;
    await main(page).getByRole('button', { name: text('resources.templates.actions.copy'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: text('resources.templates.fields.name') }).fill(copyName);
    await dialog.getByRole('button', { name: text('resources.templates.actions.copy'), exact: true }).click();
    await expectToast(page, text('resources.templates.messages.copied'));
    await expect(page).toHaveURL(new RegExp(`/usluga/${services.newsletter}/szablony/(?!${id}/)\\d+/edytuj$`));
    await expect(nameBox).toHaveValue(copyName);
  });
});
