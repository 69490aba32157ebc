import path from 'node:path';
import { request as apiRequest } from '@playwright/test';
import { keepOffline } from './offline';
import { apiSession, signIn } from './session';
import { test as base } from './test';

interface ClientService {
  service_id: number;
  service_type: { shortcut: string };
}

/** The demo services the schema screens are tried on (ids as the fresh server's seed gave them). */
export interface DemoServices {
  /** klient's NEWSLETTER service: tags, recipients, sender configs. */
  newsletter: number;
  /** klient's WWW site: news categories. */
  site: number;
  /** klient2's WWW site, which klient may not open. */
  otherClientSite: number;
}

async function servicesOf(baseURL: string, username: 'klient' | 'klient2'): Promise<ClientService[]> {
  const request = await apiRequest.newContext({ baseURL });
  try {
    const session = await apiSession(request, username);
    return (await session.get<{ data: ClientService[] }>('/api/user/client_service?per_page=100')).data;
  } finally {
    await request.dispose();
  }
}

function serviceOfType(services: ClientService[], shortcut: string, owner: string): number {
  const found = services.find((service) => service.service_type.shortcut === shortcut);
  if (!found) throw new Error(`the demo data gives ${owner} no ${shortcut} service`);
  return found.service_id;
}

/**
 * The suite's test, signed in as klient: each worker signs in once through the login page and every
 * test starts from that browser state (the access cookie and the refresh token), which the server
 * accepts for half an hour, far longer than a run.
 */
export const test = base.extend<object, { klientState: string; services: DemoServices; workerBaseURL: string }>({
  workerBaseURL: [
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('the Playwright project sets no baseURL');
      await use(baseURL);
    },
    { scope: 'worker' },
  ],
  klientState: [
    async ({ browser, workerBaseURL }, use, workerInfo) => {
      const statePath = path.join(workerInfo.project.outputDir, `klient-state-${workerInfo.workerIndex}.json`);
      const context = await browser.newContext({ baseURL: workerBaseURL, locale: 'pl-PL' });
      await keepOffline(context, workerBaseURL);
      await signIn(await context.newPage(), 'klient');
      await context.storageState({ path: statePath });
      await context.close();
      await use(statePath);
    },
    { scope: 'worker' },
  ],
  services: [
    async ({ workerBaseURL }, use) => {
      const [own, others] = await Promise.all([servicesOf(workerBaseURL, 'klient'), servicesOf(workerBaseURL, 'klient2')]);
      await use({
        newsletter: serviceOfType(own, 'newsletter', 'klient'),
        site: serviceOfType(own, 'www', 'klient'),
        otherClientSite: serviceOfType(others, 'www', 'klient2'),
      });
    },
    { scope: 'worker' },
  ],
  storageState: ({ klientState }, use) => use(klientState),
});

export { expect } from './test';
