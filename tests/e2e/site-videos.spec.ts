import { axeViolations } from './support/axe';
import { text } from './support/catalogue';
import { expectToast, saveButton, uniqueName } from './support/schema-screens';
import { apiSession, pageHeading, signIn } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';

/**
 * The videos of klient's site (template 'aurora': every source) from the demo data and as a user
 * adds one: a YouTube link shown as a sandboxed embed in the preview, captions added as a WebVTT
 * file, the uploaded demo video playing with its caption tracks; on klient2's site (template
 * 'minimal') the form offers no source.
 */
const main = (page: Page) => page.getByRole('main');
const tab = (page: Page, key: string) => main(page).getByRole('tab', { name: text(key), exact: true });
const videoRow = (page: Page, title: string) => main(page).getByRole('row').filter({ hasText: title });
const VTT = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nDzień dobry\n');
const UPLOADED = text('demo.site_videos.upload.title');

type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/** The address of a demo video's preview, found through the API. */
async function videoPage(klientApi: ApiSession, site: number, title: string): Promise<string> {
  const { data } = await klientApi.get<{ data: { id: number }[] }>(`/api/client_service/${site}/module/videos?search=${encodeURIComponent(title)}`);
  return `/usluga/${site}/moduly/filmy/${data[0].id}`;
}

async function choose(page: Page, fieldKey: string, optionKey: string) {
  await main(page).getByRole('combobox', { name: text(fieldKey) }).click();
  await page.getByRole('option', { name: text(optionKey), exact: true }).click();
}

test.describe("videos of klient's site (aurora)", () => {
  test('adds a YouTube video, sees its embed in the preview and adds captions', async ({ page, services }) => {
    const title = uniqueName('Film e2e');
    await page.goto(`/usluga/${services.site}/moduly/filmy`);
    // The first screen of a worker loads the panel's chunks: on a busy machine that takes a while.
    await expect(pageHeading(page)).toHaveText(text('resources.videos.title'), { timeout: 30_000 });
    await expect(videoRow(page, UPLOADED)).toBeVisible();
    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await expect(page).toHaveURL(/\/moduly\/filmy\/dodaj$/);
    await main(page).getByRole('textbox', { name: text('resources.videos.fields.title'), exact: true }).fill(title);
    await choose(page, 'resources.videos.fields.source', 'resources.videos.choices.source.link');
    // Only the link's field: no embed code, no file.
    await expect(main(page).getByRole('textbox', { name: text('resources.videos.fields.embed_code') })).toHaveCount(0);
    await expect(main(page).getByLabel(text('resources.videos.fields.video'), { exact: true })).toHaveCount(0);
    const url = main(page).getByRole('textbox', { name: text('resources.videos.fields.url') });
    await url.fill('https://vimeo.com/76979871');
    await saveButton(page).click();
    await expect(main(page).getByText(text('validation.videos.url_host'))).toBeVisible();
    await url.fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    await saveButton(page).click();
    await expectToast(page, text('resources.videos.messages.created'));
    await expect(page).toHaveURL(/\/moduly\/filmy\/\d+$/);

    const frame = main(page).locator('iframe');
    await expect(frame).toHaveAttribute('title', text('resources.videos.preview.player', { title }));
    await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);

    await tab(page, 'resources.video_attachments.title').click();
    await expect(page).toHaveURL(/\/zalaczniki$/);
    await expect(main(page).getByText(text('app.schema.empty'))).toBeVisible();
    await main(page).getByRole('link', { name: text('ra.action.add'), exact: true }).click();
    await choose(page, 'resources.video_attachments.fields.kind', 'resources.video_attachments.choices.kind.captions');
    await main(page).getByRole('textbox', { name: text('resources.video_attachments.fields.label'), exact: true }).fill('Polski');
    await main(page).getByRole('textbox', { name: text('resources.video_attachments.fields.language') }).fill('pl');
    await main(page).getByLabel(text('resources.video_attachments.fields.captions'), { exact: true }).setInputFiles({ name: 'napisy.vtt', mimeType: 'text/vtt', buffer: VTT });
    await saveButton(page).click();
    await expectToast(page, text('resources.video_attachments.messages.created'));
    await expect(page).toHaveURL(/\/zalaczniki$/);
    // Attachments are ordered (the order of the player's caption tracks): a list, not a table.
    await expect(main(page).getByRole('listitem').filter({ hasText: 'Polski' })).toContainText(text('resources.video_attachments.choices.kind.captions'));

    await tab(page, 'resources.videos.pages.service_videos_options').click();
    await expect(main(page).getByRole('checkbox', { name: text('resources.videos.fields.autoplay') })).not.toBeChecked();
    await expect(main(page).getByRole('checkbox', { name: text('resources.videos.fields.published') })).toBeChecked();
  });

  test('plays the uploaded demo video with its caption tracks', async ({ page, services, klientApi }) => {
    await page.goto(await videoPage(klientApi, services.site, UPLOADED));
    const video = main(page).locator('video');
    await expect(video).toHaveAttribute('aria-label', text('resources.videos.preview.player', { title: UPLOADED }), { timeout: 30_000 });
    await expect(video).toHaveAttribute('controls', '');
    const tracks = video.locator('track');
    await expect(tracks).toHaveCount(2);
    await expect(tracks.first()).toHaveAttribute('srclang', 'pl');
    await expect(tracks.first()).toHaveAttribute('label', text('demo.site_videos.upload.captions.pl.label'));
    // The file really plays in the browser: its metadata loads.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
  });

  test.describe('axe-core', () => {
    test.use({ bypassCSP: true });
    const pages: [string, string | null, string][] = [
      ['the list', null, ''],
      ['the add form', null, '/dodaj'],
      ["an uploaded video's preview", UPLOADED, ''],
      ["an embedded video's preview", text('demo.site_videos.embed.title'), ''],
      ['the edit form', UPLOADED, '/edytuj'],
      ['the options', UPLOADED, '/opcje'],
      ['the attachments', UPLOADED, '/zalaczniki'],
      ['the attachment form', UPLOADED, '/zalaczniki/dodaj'],
    ];
    for (const [name, title, path] of pages) {
      test(`finds no violation on ${name}`, async ({ page, services, klientApi }) => {
        const base = title ? await videoPage(klientApi, services.site, title) : `/usluga/${services.site}/moduly/filmy`;
        await page.goto(`${base}${path}`);
        await expect(pageHeading(page)).toBeVisible({ timeout: 30_000 });
        expect(await axeViolations(page), `${base}${path}`).toEqual([]);
      });
    }
  });
});

test.describe("videos of klient2's site (minimal)", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('offers no source the template does not allow', async ({ page, services }) => {
    await signIn(page, 'klient2');
    await page.goto(`/usluga/${services.otherClientSite}/moduly/filmy/dodaj`);
    await main(page).getByRole('combobox', { name: text('resources.videos.fields.source') }).click();
    for (const key of ['upload', 'link', 'embed']) {
      await expect(page.getByRole('option', { name: text(`resources.videos.choices.source.${key}`), exact: true })).toHaveAttribute('aria-disabled', 'true');
    }
  });
});
