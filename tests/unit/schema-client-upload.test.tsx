// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../src/client/providers/tokens';
import FormScreen from '../../src/client/schema/FormScreen';
import { renderSchemaScreens as renderScreens } from './schema-client-support';
import { fakeXhr } from './support/xhr';
import { fakeApi, signIn, type ApiCall } from './support/screens';

const BASE = '/usluga/5/konfiguracja/wiadomosci';
const toasts = () => within(screen.getByRole('list', { name: 'toasts' }));

function renderCategory(handlers: Parameters<typeof fakeApi>[0], path: string) {
  const calls: ApiCall[] = fakeApi({
    'GET /api/user/permissions/client_service/5/module/news_categories': () => ({ body: { allowed: true } }),
    'GET /api/client_service/5/module/news_categories': () => ({ body: { data: [], pagination: { total: 0 } } }),
    ...handlers,
  });
  const view = renderScreens(
    {
      '/usluga/:service_id/konfiguracja/wiadomosci': <p>category list</p>,
      '/usluga/:service_id/konfiguracja/wiadomosci/dodaj': <FormScreen resource="news_categories" view="create" />,
      '/usluga/:service_id/konfiguracja/wiadomosci/edytuj/:category_id': <FormScreen resource="news_categories" view="edit" />,
    },
    path,
  );
  return { ...view, calls };
}

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'kot.png', { type: 'image/png' });

beforeEach(() => {
  signIn();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('a module with a photo', () => {
  it('uploads payload and file as multipart with progress, previews the image and redirects as x-admin says', async () => {
    const sent = fakeXhr({ status: 201, body: { id: 4, name: 'Sport', photo_uri: '/api/uploads/x.png' } });
    const { locations } = renderCategory({}, `${BASE}/dodaj`);
    fireEvent.change(await screen.findByLabelText(/^Nazwa kategorii/), { target: { value: 'Sport' } });
    fireEvent.change(screen.getByLabelText('Zdjęcie'), { target: { files: [photo()] } });
    expect(screen.getByRole('img', { name: 'Podgląd: Zdjęcie' }).getAttribute('src')).toBe('blob:preview');

    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('progressbar', { name: 'Wysyłanie pliku: Zdjęcie' })).toBeTruthy();
    expect(await toasts().findByText('Kategoria została dodana.')).toBeTruthy();
    await waitFor(() => expect(locations.at(-1)).toBe(BASE));

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/client_service/5/upload/news_categories' });
    expect(sent[0].headers['X-XSRF-TOKEN']).toBe('test-xsrf');
    expect(sent[0].headers.Authorization).toMatch(/^JWT /);
    expect(JSON.parse(sent[0].body.get('payload') as string)).toEqual({ name: 'Sport' });
    expect((sent[0].body.get('file') as File).name).toBe('kot.png');
  });

  it('on edit deletes the replaced photo first, then sends the update', async () => {
    const order: string[] = [];
    const sent = fakeXhr({ status: 200, body: { id: 4, name: 'Sport', photo_uri: '/api/uploads/new.png' } }, order);
    const { calls } = renderCategory(
      {
        'GET /api/client_service/5/module/news_categories/4': () => ({ body: { id: 4, name: 'Sport', photo_uri: '/api/uploads/old.png' } }),
        'DELETE /api/client_service/5/module/news_categories/4/image': () => {
          order.push('delete');
          return { status: 204 };
        },
      },
      `${BASE}/edytuj/4`,
    );
    expect((await screen.findByRole('img', { name: 'Podgląd: Zdjęcie' })).getAttribute('src')).toBe('/api/uploads/old.png');
    fireEvent.change(screen.getByLabelText('Zdjęcie'), { target: { files: [photo()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await toasts().findByText('Kategoria wiadomości została zaktualizowana.')).toBeTruthy();
    expect(order).toEqual(['delete', 'upload']);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/client_service/5/upload/news_categories/4' });
  });

  it('on edit removes the photo: DELETE, then the update as JSON', async () => {
    const { calls } = renderCategory(
      {
        'GET /api/client_service/5/module/news_categories/4': () => ({ body: { id: 4, name: 'Sport', photo_uri: '/api/uploads/old.png' } }),
        'DELETE /api/client_service/5/module/news_categories/4/image': () => ({ status: 204 }),
        'PUT /api/client_service/5/module/news_categories/4': ({ body }) => ({ body: { id: 4, ...(body as object) } }),
      },
      `${BASE}/edytuj/4`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Usuń: Zdjęcie' }));
    expect(screen.queryByRole('img', { name: 'Podgląd: Zdjęcie' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await toasts().findByText('Kategoria wiadomości została zaktualizowana.');
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/client_service/5/module/news_categories/4/image',
      'PUT /api/client_service/5/module/news_categories/4',
    ]);
  });

  it('refuses a file of the wrong type before sending anything', async () => {
    renderCategory({}, `${BASE}/dodaj`);
    const input = await screen.findByLabelText('Zdjęcie');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Nieobsługiwany typ pliku.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
