import { test as base } from '@playwright/test';
import { keepOffline } from './offline';

/** Playwright's test, with every browser context kept to the panel's own origin. */
export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    if (!baseURL) throw new Error('the Playwright project sets no baseURL');
    await keepOffline(context, baseURL);
    await use(context);
  },
});

export { expect, type Locator, type Page } from '@playwright/test';
