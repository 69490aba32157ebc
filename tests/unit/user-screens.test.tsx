// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../src/client/providers/tokens';
import UserDashboard from '../../src/client/screens/dashboard/UserDashboard';
import ErrorPage from '../../src/client/screens/errors/ErrorPage';
import NewsList from '../../src/client/screens/news/NewsList';
import NewsShow from '../../src/client/screens/news/NewsShow';
import RegulationsPage from '../../src/client/screens/profile/RegulationsPage';
import ServiceDashboard from '../../src/client/screens/services/ServiceDashboard';
import ServiceList from '../../src/client/screens/services/ServiceList';
import { fakeApi, renderScreens, signIn } from './support/screens';

const user = {
  id: 2,
  username: 'klient',
  name: 'Jan',
  surname: 'Kowalski',
  phone: null,
  email: 'klient@example.com',
  avatar_uri: null,
  is_password_valid: true,
  is_regulations: true,
  is_root: false,
};
const www = { id: 1, name: 'Strony WWW', shortcut: 'strony_www', prefix: 'www' };
const newsletter = { id: 9, name: 'Newsletter', shortcut: 'newsletter', prefix: 'newsletter' };
const site = {
  service_id: 11,
  name: 'Strona firmy Kowalski',
  service_type: { id: 1, name: 'Strony WWW', shortcut: 'strony_www' },
  kind_id: 2,
  client_id: 5,
  domains: [
    { domain: 'kowalski.example', is_main: false, is_ssl: false },
    { domain: 'www.kowalski.example', is_main: true, is_ssl: true },
  ],
};
const newsItem = (id: number, isRead: boolean) => ({
  id,
  title: `Wiadomość ${id}`,
  lead: `Zajawka ${id}`,
  date: '2026-11-20T10:00:00Z',
  is_read: isRead,
  has_videos: false,
  has_galleries: false,
  has_audios: false,
  has_maps: false,
});

const errorRoutes = { '/error/404': <ErrorPage status={404} />, '/error/403': <ErrorPage status={403} /> };
const toasts = () => within(screen.getByRole('list', { name: 'toasts' }));

beforeEach(signIn);
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the error pages', () => {
  it.each([
    [401, 'Brak dostępu'],
    [403, 'Brak dostępu'],
    [404, 'Nie znaleziono strony'],
  ] as const)('%i says %s and links home', async (status, message) => {
    fakeApi({});
    renderScreens({ '/': <ErrorPage status={status} /> }, '/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' }).getAttribute('href')).toBe('/');
  });
});

describe('the service list', () => {
  it('says the path does not exist and shows the 404 screen for an unknown shortcut', async () => {
    fakeApi({ 'GET /api/service': () => ({ body: { data: [www, newsletter] } }) });
    const { locations } = renderScreens({ '/uslugi/:service_shortcut': <ServiceList />, ...errorRoutes }, '/uslugi/nieznane');

    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeTruthy();
    expect(toasts().getAllByText('Ścieżka nie istnieje.')).toHaveLength(1);
    expect(locations.at(-1)).toBe('/error/404');
  });

  it("lists the user's services of the type with their main domains, page by page", async () => {
    const calls = fakeApi({
      'GET /api/service': () => ({ body: { data: [www, newsletter] } }),
      'GET /api/user/client_service': ({ query }) => ({
        body: { data: query.get('page') === '2' ? [] : [site], pagination: { total: 25 } },
      }),
    });
    renderScreens({ '/uslugi/:service_shortcut': <ServiceList /> }, '/uslugi/strony_www');

    const link = await screen.findByRole('link', { name: 'Strona firmy Kowalski' });
    expect(link.getAttribute('href')).toBe('/usluga/11');
    expect(screen.getByRole('link', { name: 'www.kowalski.example' }).getAttribute('href')).toBe('https://www.kowalski.example');
    expect(screen.getByText('1-20 z 25')).toBeTruthy();
    const query = calls.find((call) => call.path === '/api/user/client_service')!.query;
    expect(Object.fromEntries(query)).toEqual({ type_prefix: 'www', add_domain: '1', page: '1', per_page: '20' });

    fireEvent.click(screen.getByRole('button', { name: 'Przejdź do strony 2' }));
    expect(await screen.findByText('Nie masz usług tego typu.')).toBeTruthy();
  });
});

describe('the service dashboard', () => {
  it('shows the domains (main first, scheme by SSL) and the share of the site size in use', async () => {
    fakeApi({
      'GET /api/client_service/11': () => ({
        body: { ...site, site_permissions_profile_id: null, site_size_available: 4 * 1024 ** 3, site_size_used: 1024 ** 3 },
      }),
    });
    renderScreens({ '/usluga/:service_id': <ServiceDashboard /> }, '/usluga/11');

    expect(await screen.findByRole('heading', { level: 1, name: 'Strona firmy Kowalski' })).toBeTruthy();
    const domainLinks = within(screen.getByRole('region', { name: 'Domeny' })).getAllByRole('link');
    expect(domainLinks.map((link) => link.getAttribute('href'))).toEqual(['https://www.kowalski.example', 'http://kowalski.example']);
    expect(screen.getByText('Domena główna')).toBeTruthy();
    expect(screen.getByText('SSL')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Wykorzystanie miejsca' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Wykorzystano 1 GB z 4 GB (25,00%).')).toBeTruthy();
  });

  it('shows the 404 screen for a service that does not exist', async () => {
    fakeApi({ 'GET /api/client_service/999': () => ({ status: 404, body: { detail: 'Nie znaleziono usługi.' } }) });
    renderScreens({ '/usluga/:service_id': <ServiceDashboard />, ...errorRoutes }, '/usluga/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeTruthy();
  });
});

describe('the news', () => {
  it('lists the news with unread ones marked', async () => {
    fakeApi({
      'GET /api/news': () => ({ body: { data: [newsItem(1, false), newsItem(2, true)], pagination: { total: 2 }, unread_count: 1 } }),
    });
    renderScreens({ '/wiadomosci': <NewsList /> }, '/wiadomosci');

    expect(await screen.findByText('Masz 1 nieprzeczytaną wiadomość.')).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/wiadomosci/1', '/wiadomosci/2']);
    expect(within(links[0]).getByText('Nieprzeczytana')).toBeTruthy();
    expect(within(links[1]).queryByText('Nieprzeczytana')).toBeNull();
    expect(within(links[0]).getByText('20 listopada 2026')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    fakeApi({ 'GET /api/news': () => ({ body: { data: [], pagination: { total: 0 }, unread_count: 0 } }) });
    renderScreens({ '/wiadomosci': <NewsList /> }, '/wiadomosci');
    expect(await screen.findByText('Brak wiadomości.')).toBeTruthy();
  });

  it('marks an unread item read once and refreshes the news queries', async () => {
    let read = false;
    const calls = fakeApi({
      'GET /api/news/1': () => ({ body: { ...newsItem(1, read), body: '<p>Treść <script>alert(1)</script>wiadomości</p>' } }),
      'POST /api/news/1/set_read': () => {
        read = true;
        return { status: 204 };
      },
    });
    const { queryClient } = renderScreens({ '/wiadomosci/:news_id': <NewsShow /> }, '/wiadomosci/1');
    // The top bar's badge query lives under ['news'] too.
    queryClient.setQueryData(['news', 'unread'], { unread_count: 1 });

    expect(await screen.findByRole('heading', { level: 1, name: /Wiadomość 1/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Nieprzeczytana')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/news/1/set_read']);
    expect(queryClient.getQueryState(['news', 'unread'])?.isInvalidated).toBe(true);
    expect(screen.getByText(/Treść/).innerHTML).not.toContain('script');
  });

  it("shows an item's photos and attachments below its body", async () => {
    fakeApi({
      'GET /api/news/2': () => ({
        body: {
          ...newsItem(2, true),
          body: '<p>Treść</p>',
          photos: [{ id: 5, caption: 'Nowa siedziba', photo_uri: '/api/uploads/a.png', photo_thumbnails: { small: '/api/uploads/a-small.webp' } }],
          attachments: [{ id: 6, name: 'Cennik', file_uri: '/api/uploads/c.pdf' }],
        },
      }),
    });
    renderScreens({ '/wiadomosci/:news_id': <NewsShow /> }, '/wiadomosci/2');

    const photos = await screen.findByRole('region', { name: 'Zdjęcia' });
    expect(within(photos).getByRole('img', { name: 'Nowa siedziba' }).getAttribute('src')).toBe('/api/uploads/a-small.webp');
    const attachments = screen.getByRole('region', { name: 'Załączniki' });
    expect(within(attachments).getByRole('link', { name: 'Cennik' }).getAttribute('href')).toBe('/api/uploads/c.pdf');
  });
});

describe('the user dashboard', () => {
  it('greets the user and groups the services by type with links', async () => {
    fakeApi({
      'GET /api/user': () => ({ body: user }),
      'GET /api/user/client_service/type': () => ({ body: { data: [{ ...www, count: 1 }] } }),
      'GET /api/user/client_service': () => ({ body: { data: [site], pagination: { total: 1 } } }),
      'GET /api/news': () => ({ body: { data: [newsItem(3, false)], pagination: { total: 1 }, unread_count: 1 } }),
    });
    renderScreens({ '/': <UserDashboard /> }, '/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Witaj, Jan Kowalski!' })).toBeTruthy();
    const group = await screen.findByRole('region', { name: 'Strony WWW' });
    expect(within(group).getByText('1 usługa')).toBeTruthy();
    expect((await within(group).findByRole('link', { name: 'Strona firmy Kowalski' })).getAttribute('href')).toBe('/usluga/11');
    expect(within(group).getByRole('link', { name: 'Wszystkie usługi: Strony WWW' }).getAttribute('href')).toBe('/uslugi/strony_www');
    expect(await screen.findByRole('link', { name: /Wiadomość 3/ })).toBeTruthy();
  });

  it('says so when the user has no services', async () => {
    fakeApi({
      'GET /api/user': () => ({ body: user }),
      'GET /api/user/client_service/type': () => ({ body: { data: [] } }),
      'GET /api/news': () => ({ body: { data: [], pagination: { total: 0 }, unread_count: 0 } }),
    });
    renderScreens({ '/': <UserDashboard /> }, '/');
    expect(await screen.findByText('Nie masz jeszcze żadnych usług.')).toBeTruthy();
  });
});

describe('the regulations page', () => {
  it('accepts the pending regulations, refreshes the user and goes to the dashboard', async () => {
    const calls = fakeApi({
      'GET /api/user/regulations': () => ({
        body: { data: [{ id: 4, name: 'Regulamin świadczenia usług', content: '<p>Treść regulaminu</p>', valid_from: '2026-01-01', is_accepted: false }] },
      }),
      'POST /api/user/regulations/accept': () => ({ status: 204 }),
    });
    const { locations } = renderScreens({ '/panel/profil/regulaminy': <RegulationsPage />, '/': <p>pulpit</p> }, '/panel/profil/regulaminy');

    const accept = await screen.findByRole('button', { name: 'Potwierdź akceptację' });
    expect(accept).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Akceptuję treść regulaminu.' }));
    fireEvent.click(accept);

    expect(await screen.findByText('pulpit')).toBeTruthy();
    expect(locations.at(-1)).toBe('/');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ regulation_ids: [4] });
    expect(toasts().getByText('Regulaminy zostały zaakceptowane.')).toBeTruthy();
  });
});
