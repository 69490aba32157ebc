import { type Locator, type Page, expect } from '@playwright/test';
import { text } from './catalogue';

/** A PNG drawn by the browser's canvas: a small image of one colour and size, as a user's photo would be. */
export async function pngImage(page: Page, image: { name: string; colour: string; width: number; height: number }) {
  const dataUrl = await page.evaluate(({ colour, width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.fillStyle = colour;
    context.fillRect(0, 0, width, height);
    return canvas.toDataURL('image/png');
  }, image);
  return { name: image.name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64') };
}

/** A name no other test (nor an earlier try of this one) has used, for records the test creates. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

const CONFIGURATION_FOLDER = 'demo.menu.service_configuration';
/** The service menu's Reports folder. */
export const REPORTS_FOLDER = 'demo.menu.service_reports';

/** An entry of a folder of the service menu (Configuration unless told), the folder opened first (the sidebar may have opened it already). */
export async function configurationEntry(page: Page, entryKey: string, folderKey = CONFIGURATION_FOLDER): Promise<Locator> {
  const sidebar = page.getByRole('navigation', { name: text('app.layout.menu_label') });
  const folder = sidebar.getByRole('button', { name: text(folderKey), exact: true });
  await expect(folder).toBeVisible();
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
  return sidebar.getByRole('link', { name: text(entryKey), exact: true });
}

/** Opens a screen of a service through its sidebar menu (an entry of the folder, Configuration unless told), as a user does, from the service's dashboard. */
export async function openFromServiceMenu(page: Page, serviceId: number, entryKey: string, folderKey = CONFIGURATION_FOLDER): Promise<void> {
  await page.goto(`/usluga/${serviceId}`);
  await (await configurationEntry(page, entryKey, folderKey)).click();
}

/** The toasts (SPEC 9), top right. */
export const toasts = (page: Page) => page.getByRole('region', { name: text('app.toast.region') });

/**
 * Expects a toast (errors are alerts, the rest statuses) and closes it, so that the same message
 * shown again by a later step is a new toast, not this one still on screen.
 */
export async function expectToast(page: Page, message: string, role: 'status' | 'alert' = 'status'): Promise<void> {
  const toast = toasts(page).getByRole(role).filter({ hasText: message });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: text('app.toast.close') }).click();
  await expect(toast).toHaveCount(0);
}

/** The table of a schema list screen, named by the module's title. */
export const recordTable = (page: Page, titleKey: string) => page.getByRole('main').getByRole('table', { name: text(titleKey) });

/** The list's row of one record, by its label (e.g. the tag's name). */
export const recordRow = (page: Page, titleKey: string, label: string) =>
  recordTable(page, titleKey).getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });

/** The SPEC 9 confirmation dialog. */
export const confirmDialog = (page: Page) => page.getByRole('dialog');

/** The form's save button. */
export const saveButton = (page: Page) => page.getByRole('main').getByRole('button', { name: text('ra.action.save'), exact: true });

/** A sortable list's items in the order shown, by their drag handles (named after the items). */
export const dragHandles = (page: Page) => page.getByRole('main').getByRole('button', { name: text('app.widgets.sortable.drag', { item: '' }).trim() });

/**
 * Moves a sortable list's item to the top by keyboard: Space picks it up, ArrowUp moves it a place
 * at a time, Space drops it. Each step waits for its announcement: a key pressed while the list still
 * moves may be lost.
 */
export async function moveToTopByKeyboard(page: Page, item: string, position: number, total: number): Promise<void> {
  const announced = (key: string, at: number) => expect(page.getByText(text(`app.widgets.sortable.${key}`, { item, position: at, total }))).toBeAttached();
  await page.getByRole('main').getByRole('button', { name: text('app.widgets.sortable.drag', { item }), exact: true }).focus();
  await page.keyboard.press('Space');
  await announced('picked', position);
  for (let at = position - 1; at >= 1; at -= 1) {
    await page.keyboard.press('ArrowUp');
    await announced('over', at);
  }
  await page.keyboard.press('Space');
}
