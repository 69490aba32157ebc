import path from 'node:path';
import type { APIRequestContext, PlaywrightWorkerArgs, WorkerInfo } from '@playwright/test';
import { keepOffline } from './offline';
import { type ApiSession, apiSession, renewedWhenOld, signIn } from './session';
import { test as base } from './test';

interface ClientService {
  service_id: number;
  service_type: { shortcut: string };
}

/** The demo services the schema screens are tried on (ids as the fresh server's seed gave them). */
export interface DemoServices {
  /** klient's NEWSLETTER service: tags, recipients, sender configs. */
  newsletter: number;
  /** klient's WWW site: news categories; it imports the BIP's announcements. */
  site: number;
  /** klient's BIP site, the source of the site's import, with its sources page on. */
  bip: number;
  /** klient2's WWW site, which klient may not open. */
  otherClientSite: number;
}

function baseURLOf(workerInfo: WorkerInfo): string {
  const baseURL = workerInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright project sets no baseURL');
  return baseURL;
}

async function withRequest<T>(playwright: PlaywrightWorkerArgs['playwright'], workerInfo: WorkerInfo, run: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const request = await playwright.request.newContext({ baseURL: baseURLOf(workerInfo) });
  try {
    return await run(request);
  } finally {
    await request.dispose();
  }
}

function serviceOfType(services: ClientService[], shortcut: string, owner: string): number {
  const found = services.find((service) => service.service_type.shortcut === shortcut);
  if (!found) throw new Error(`the demo data gives ${owner} no ${shortcut} service`);
  return found.service_id;
}

const servicesOf = async (session: ApiSession) => (await session.get<{ data: ClientService[] }>('/api/user/client_service?per_page=100')).data;

/**
 * The suite's test, signed in as klient: each worker signs in through the login page and every
 * test starts from that browser state (the access cookie and the refresh token), signed in again
 * when it is old (see SIGN_IN_REUSE_MS). `klientApi` prepares data through the API.
 */
export const test = base.extend<object, { klientState: () => Promise<string>; klientApi: ApiSession; services: DemoServices }>({
  klientState: [
    async ({ browser }, use, workerInfo) => {
      const statePath = path.join(workerInfo.project.outputDir, `klient-state-${workerInfo.workerIndex}.json`);
      await use(
        renewedWhenOld(async () => {
          const context = await browser.newContext({ baseURL: baseURLOf(workerInfo), locale: 'pl-PL' });
          await keepOffline(context, baseURLOf(workerInfo));
          await signIn(await context.newPage(), 'klient');
          await context.storageState({ path: statePath });
          await context.close();
          return statePath;
        }),
      );
    },
    { scope: 'worker' },
  ],
  klientApi: [
    async ({ playwright }, use, workerInfo) => {
      await withRequest(playwright, workerInfo, async (request) => use(await apiSession(request, 'klient')));
    },
    { scope: 'worker' },
  ],
  services: [
    async ({ klientApi, playwright }, use, workerInfo) => {
      const own = await servicesOf(klientApi);
      const others = await withRequest(playwright, workerInfo, async (request) => servicesOf(await apiSession(request, 'klient2')));
      await use({
        newsletter: serviceOfType(own, 'newsletter', 'klient'),
        site: serviceOfType(own, 'www', 'klient'),
        bip: serviceOfType(own, 'bip', 'klient'),
        otherClientSite: serviceOfType(others, 'www', 'klient2'),
      });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ klientState }, use) => use(await klientState()),
});

export { expect } from './test';
