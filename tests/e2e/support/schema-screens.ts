import { type Page, expect } from '@playwright/test';
import { text } from './catalogue';

/** A PNG drawn by the browser's canvas: a small image of one colour, as a user's photo would be. */
export async function pngImage(page: Page, name: string, colour: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 12;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/png');
  }, colour);
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64') };
}

/** A name no other test (nor an earlier try of this one) has used, for records the test creates. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Opens a screen of the current service through the sidebar's Configuration folder, as a user does. */
export async function openFromServiceMenu(page: Page, serviceId: number, entryKey: string): Promise<void> {
  await page.goto(`/usluga/${serviceId}`);
  const sidebar = page.getByRole('navigation', { name: text('app.layout.menu_label') });
  const folder = sidebar.getByRole('button', { name: text('demo.menu.service_configuration'), exact: true });
  // The folder may already be open (the sidebar opens the one holding the current screen).
  await expect(folder).toBeVisible();
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await sidebar.getByRole('link', { name: text(entryKey), exact: true }).click();
}

/** The toasts (SPEC 9), top right. */
export const toasts = (page: Page) => page.getByRole('region', { name: text('app.toast.region') });

/** The table of a schema list screen, named by the module's title. */
export const recordTable = (page: Page, titleKey: string) => page.getByRole('main').getByRole('table', { name: text(titleKey) });

/** The list's row of one record, by its label (e.g. the tag's name). */
export const recordRow = (page: Page, titleKey: string, label: string) =>
  recordTable(page, titleKey).getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });

/** The SPEC 9 confirmation dialog. */
export const confirmDialog = (page: Page) => page.getByRole('dialog');

/** The form's save button. */
export const saveButton = (page: Page) => page.getByRole('main').getByRole('button', { name: text('ra.action.save'), exact: true });
