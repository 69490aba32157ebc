// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../src/client/providers/tokens';
import FormScreen from '../../src/client/schema/FormScreen';
import ListScreen from '../../src/client/schema/ListScreen';
import { renderSchemaScreens as renderScreens } from './schema-client-support';
import { fakeApi, signIn, type ApiCall } from './support/screens';
import { fakeXhr } from './support/xhr';

/**
 * The engine's screens for modules written only as schema files (tests/unit/fixtures/schemas, which
 * Vitest's build adds): albums with a publish toggle on each row, and their photos, nested under an
 * album, ordered by hand, shown only when the album has photos.
 */
const ALBUMS = '/usluga/5/albumy';
const PHOTOS = `${ALBUMS}/zdjecia/1`;
const API_ALBUMS = '/api/client_service/5/module/albums';
const API_PHOTOS = `${API_ALBUMS}/1/galleries`;
const allowed = { 'GET /api/user/permissions/client_service/5/module/galleries': () => ({ body: { allowed: true } }) };
const toasts = () => within(screen.getByRole('list', { name: 'toasts' }));
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET' && call.method !== 'OPTIONS');

function render(handlers: Parameters<typeof fakeApi>[0], path: string) {
  const calls = fakeApi({ ...allowed, ...handlers });
  const view = renderScreens(
    {
      '/usluga/:service_id/albumy': <ListScreen resource="fixture_albums" view="list" />,
      '/usluga/:service_id/albumy/edytuj/:album_id': <FormScreen resource="fixture_albums" view="edit" />,
      '/usluga/:service_id/albumy/zdjecia/:album_id': <ListScreen resource="fixture_album_photos" view="list" />,
      '/usluga/:service_id/konfiguracja/ustawienia/cookies': <FormScreen resource="settings_cookies" view="list" />,
      '/error/404': <p>not found screen</p>,
    },
    path,
  );
  return { ...view, calls };
}

beforeEach(signIn);
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('a row action that toggles', () => {
  it('is labelled by what it will do, sends the opposite state and says so', async () => {
    let published = false;
    const { calls } = render(
      {
        [`GET ${API_ALBUMS}`]: () => ({ body: { data: [{ id: 1, name: 'Lato', published }], pagination: { total: 1 } } }),
        [`PUT ${API_ALBUMS}/1/publish`]: ({ body }) => {
          published = (body as { published: boolean }).published;
          return { body: { id: 1, name: 'Lato', published } };
        },
      },
      ALBUMS,
    );
    const row = (await screen.findByRole('cell', { name: 'Lato' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Otwórz' }));
    expect(await toasts().findByText('Tag został dodany.')).toBeTruthy();
    expect(toasts().getByText('Sprawdź skrzynkę.')).toBeTruthy();
    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'PUT', path: `${API_ALBUMS}/1/publish`, body: { published: true } })]);
    // The list is asked again and the button now offers the other state.
    expect(await within(row).findByRole('button', { name: 'Zamknij' })).toBeTruthy();
  });
});

describe('a module nested under a record', () => {
  const photos = (captions: string[]) => () => ({ body: { data: captions.map((caption, index) => ({ id: index + 1, caption })), pagination: { total: captions.length } } });

  it("shows its records under the parent's address, as one of the parent record's tabs", async () => {
    const { calls } = render({ [`OPTIONS ${API_PHOTOS}`]: () => ({ body: {} }), [`GET ${API_PHOTOS}`]: photos(['Plaża', 'Molo']) }, PHOTOS);
    expect(await screen.findByText('Plaża')).toBeTruthy();
    expect(calls.some((call) => call.method === 'GET' && call.path === API_PHOTOS)).toBe(true);
    const tabs = screen.getByRole('tablist', { name: 'Strony wpisu' });
    expect(within(tabs).getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Edytuj', `${ALBUMS}/edytuj/1`],
      ['Odbiorcy', PHOTOS],
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Odbiorcy' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the 404 screen when a feature flag hides it (the server answers its OPTIONS with 404)', async () => {
    const { calls } = render({ [`GET ${API_PHOTOS}`]: photos(['Plaża']) }, PHOTOS);
    expect(await screen.findByText('not found screen')).toBeTruthy();
    expect(calls.some((call) => call.method === 'GET' && call.path === API_PHOTOS)).toBe(false);
  });

  it('is arranged by hand: a move saves the new order and says so', async () => {
    const { calls } = render(
      { [`OPTIONS ${API_PHOTOS}`]: () => ({ body: {} }), [`GET ${API_PHOTOS}`]: photos(['Plaża', 'Molo', 'Stok']), [`PUT ${API_PHOTOS}/order`]: () => ({ status: 204 }) },
      PHOTOS,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Przenieś niżej: Plaża' }));
    await waitFor(() => expect(writes(calls)).toEqual([expect.objectContaining({ method: 'PUT', path: `${API_PHOTOS}/order`, body: { ids: [2, 1, 3] } })]));
    expect(await toasts().findByText('Kolejność została zapisana.')).toBeTruthy();
  });
});

describe('a reference to another module in a form', () => {
  const grants = (modules: string[]) => ({ 'GET /api/user/permissions/client_service/5': () => ({ body: { is_admin: true, modules } }) });

  it("offers that module's records, searched on the server, and saves the chosen ones", async () => {
    const { calls } = render(
      {
        ...grants(['galleries', 'tags']),
        [`GET ${API_ALBUMS}/1`]: () => ({ body: { id: 1, name: 'Lato', published: false, has_photos: true, tags: ['Prasa'] } }),
        'GET /api/client_service/5/module/tags': ({ query }) => ({
          body: { data: ['Prasa', 'VIP', 'Vinyl'].filter((name) => name.toLowerCase().includes((query.get('search') ?? '').toLowerCase())).map((name, index) => ({ id: index + 1, name })), pagination: { total: 3 } },
        }),
        [`PUT ${API_ALBUMS}/1`]: ({ body }) => ({ body: { id: 1, ...(body as object) } }),
      },
      `${ALBUMS}/edytuj/1`,
    );
    const picker = await screen.findByRole('combobox', { name: 'Tagi' });
    expect(screen.getByRole('button', { name: 'Prasa' })).toBeTruthy();
    picker.focus();
    fireEvent.change(picker, { target: { value: 'vi' } });
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/client_service/5/module/tags').map((call) => call.query.get('search'))).toContain('vi'));
    fireEvent.click(await screen.findByRole('option', { name: 'VIP' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(writes(calls)).toEqual([expect.objectContaining({ method: 'PUT', path: `${API_ALBUMS}/1`, body: expect.objectContaining({ tags: ['Prasa', 'VIP'] }) })]));
  });

  it('asks nothing of a module the service lacks, so the form stays instead of a 403 screen', async () => {
    const { calls } = render(
      {
        ...grants(['galleries']),
        [`GET ${API_ALBUMS}/1`]: () => ({ body: { id: 1, name: 'Lato', published: false, has_photos: true, tags: ['Prasa'] } }),
        'GET /api/client_service/5/module/tags': () => ({ status: 403, body: { detail: 'Brak dostępu.' } }),
      },
      `${ALBUMS}/edytuj/1`,
    );
    const picker = await screen.findByRole('combobox', { name: 'Tagi' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/permissions/client_service/5')).toBe(true));
    picker.focus();
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'vi' } });
    expect(await screen.findByRole('listbox')).toBeTruthy();
    // Past the typing delay, when a search would have been sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.some((call) => call.path === '/api/client_service/5/module/tags')).toBe(false);
    expect(screen.getByRole('button', { name: 'Prasa' })).toBeTruthy();
  });
});

describe('a list that takes many files at once', () => {
  it('sends each file as a new record with its own progress, says which failed and why, and how many were sent', async () => {
    const sent = fakeXhr((upload) =>
      (upload.body.get('file') as File).name === 'duze.png'
        ? { status: 413, body: { detail: 'Plik jest za duży.' } }
        : { status: 201, body: { id: 9, caption: null } },
    );
    const { calls } = render({ [`OPTIONS ${API_PHOTOS}`]: () => ({ body: {} }), [`GET ${API_PHOTOS}`]: () => ({ body: { data: [], pagination: { total: 0 } } }) }, PHOTOS);
    const input = (await screen.findByLabelText('Wyślij pliki')) as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
    const listedBefore = calls.filter((call) => call.method === 'GET' && call.path === API_PHOTOS).length;
    fireEvent.change(input, { target: { files: [png('plaza.png'), png('duze.png'), png('molo.png')] } });

    expect(await toasts().findByText('Wysłano 2 pliki.')).toBeTruthy();
    expect(await toasts().findByText('Nie udało się wysłać 1 pliku.')).toBeTruthy();
    expect(sent.map((upload) => [upload.method, upload.url, (upload.body.get('file') as File).name])).toEqual([
      ['POST', API_PHOTOS, 'plaza.png'],
      ['POST', API_PHOTOS, 'duze.png'],
      ['POST', API_PHOTOS, 'molo.png'],
    ]);
    // Each record is named by its file (the module names its photos by their caption).
    expect(sent.map((upload) => JSON.parse(upload.body.get('payload') as string))).toEqual([{ caption: 'plaza.png' }, { caption: 'duze.png' }, { caption: 'molo.png' }]);
    const uploads = within(screen.getByRole('list', { name: 'Wysyłane pliki' }));
    expect(uploads.getByText('Plik jest za duży.')).toBeTruthy();
    expect(uploads.getByRole('progressbar', { name: 'Wysłano: plaza.png' }).getAttribute('aria-valuenow')).toBe('100');
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === API_PHOTOS).length).toBeGreaterThan(listedBefore));
  });
});

describe('settings pages under one address', () => {
  it('are tabs of each other, the page at the shortest address first', async () => {
    render(
      {
        'GET /api/user/permissions/client_service/5/module/settings': () => ({ body: { allowed: true } }),
        'GET /api/client_service/5/module/settings/cookies': () => ({ body: {} }),
      },
      '/usluga/5/konfiguracja/ustawienia/cookies',
    );
    const tabs = await screen.findByRole('tablist', { name: 'Strony wpisu' });
    expect(within(tabs).getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Ochrona danych osobowych', '/usluga/5/konfiguracja/ustawienia'],
      ['Informacja o plikach cookies', '/usluga/5/konfiguracja/ustawienia/cookies'],
      ['Główny adres e-mail', '/usluga/5/konfiguracja/ustawienia/email'],
      ['Polityka prywatności', '/usluga/5/konfiguracja/ustawienia/polityka_prywatnosci'],
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Informacja o plikach cookies' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('a list column naming records of another module by id', () => {
  it("shows those records' names, from that module's dictionary: an editor's role", async () => {
    fakeApi({
      'GET /api/user/permissions/client_service/5/module/editors': () => ({ body: { allowed: true } }),
      'GET /api/client_service/5/module/editors': () => ({ body: { data: [{ id: 3, email: 'ewa@example.com', role_id: 7 }], pagination: { total: 1 } } }),
      'GET /api/client_service/5/module/editors/roles/dictionary': () => ({ body: { data: [{ id: 7, name: 'Redakcja wiadomości' }] } }),
    });
    renderScreens({ '/usluga/:service_id/konfiguracja/redaktorzy': <ListScreen resource="editors" view="list" /> }, '/usluga/5/konfiguracja/redaktorzy');
    const row = (await screen.findByRole('cell', { name: 'ewa@example.com' })).closest('tr')!;
    expect(await within(row).findByRole('cell', { name: 'Redakcja wiadomości' })).toBeTruthy();
  });
});
