// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pl from '../../i18n/pl.json';
import { useNavigate } from 'react-admin';
import { usePendingConfirmation } from '../../src/client/notifications/confirm';
import { clearSession } from '../../src/client/providers/tokens';
import FormScreen from '../../src/client/schema/FormScreen';
import ListScreen from '../../src/client/schema/ListScreen';
import ShowScreen from '../../src/client/schema/ShowScreen';
import { renderSchemaScreens as renderScreens } from './schema-client-support';
import { fakeApi, signIn, type ApiCall } from './support/screens';

const TAGS = '/usluga/5/konfiguracja/tagi';
const allowed = { 'GET /api/user/permissions/client_service/5/module/tags': () => ({ body: { allowed: true } }) };

const toasts = () => within(screen.getByRole('list', { name: 'toasts' }));
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

/** The field's message, as assistive technology finds it: through aria-describedby. */
function describedMessage(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}

/** Answers the confirmation dialog as the user would. */
function ConfirmAnswer({ answer }: { answer: boolean }) {
  const pending = usePendingConfirmation();
  useEffect(() => pending?.resolve(answer), [pending, answer]);
  return pending ? <p>{pending.title}</p> : null;
}

function renderTagScreens(handlers: Parameters<typeof fakeApi>[0], path: string, confirm = true) {
  const calls = fakeApi({ ...allowed, ...handlers });
  const view = renderScreens(
    {
      [`/usluga/:service_id/konfiguracja/tagi`]: (
        <>
          <ListScreen resource="tags" view="list" />
          <ConfirmAnswer answer={confirm} />
        </>
      ),
      [`/usluga/:service_id/konfiguracja/tagi/dodaj`]: <FormScreen resource="tags" view="create" />,
      [`/usluga/:service_id/konfiguracja/tagi/edytuj/:tag_id`]: <FormScreen resource="tags" view="edit" />,
      '/error/403': <p>forbidden screen</p>,
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

describe('the tag form', () => {
  it("shows 'Nazwa tagu jest wymagana.' on an empty submit, with the toast, and sends nothing", async () => {
    const { calls } = renderTagScreens({}, `${TAGS}/dodaj`);
    const name = await screen.findByLabelText(/^Nazwa tagu/);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Tagi: dodawanie']);
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));

    await waitFor(() => expect(describedMessage(name)).toBe('Nazwa tagu jest wymagana.'));
    expect(await toasts().findByText('Proszę poprawnie wypełnić formularz.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('creates a tag, says so and goes back to the list', async () => {
    const { calls, locations } = renderTagScreens(
      {
        'POST /api/client_service/5/module/tags': ({ body }) => ({ status: 201, body: { id: 9, ...(body as object) } }),
        'GET /api/client_service/5/module/tags': () => ({ body: { data: [{ id: 9, name: 'Promocje' }], pagination: { total: 1 } } }),
      },
      `${TAGS}/dodaj`,
    );
    fireEvent.change(await screen.findByLabelText(/^Nazwa tagu/), { target: { value: 'Promocje' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await toasts().findByText('Tag został dodany.')).toBeTruthy();
    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'POST', path: '/api/client_service/5/module/tags', body: { name: 'Promocje' } })]);
    await waitFor(() => expect(locations.at(-1)).toBe(TAGS));
    expect(await screen.findByRole('cell', { name: 'Promocje' })).toBeTruthy();
  });

  it("shows the server's answer on the field (a 409 for a taken name)", async () => {
    renderTagScreens(
      { 'POST /api/client_service/5/module/tags': () => ({ status: 409, body: { detail: pl.errors.tags.name_taken } }) },
      `${TAGS}/dodaj`,
    );
    fireEvent.change(await screen.findByLabelText(/^Nazwa tagu/), { target: { value: 'Promocje' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await toasts().findByText(pl.errors.tags.name_taken)).toBeTruthy();
    await waitFor(() => expect(describedMessage(screen.getByLabelText(/^Nazwa tagu/))).toBe(pl.errors.tags.name_taken));
  });

  it('shows 400 field errors from the server on their fields', async () => {
    renderTagScreens(
      {
        'PUT /api/client_service/5/module/tags/3': () => ({ status: 400, body: { detail: 'Proszę poprawnie wypełnić formularz.', errors: { name: 'Nazwa tagu jest wymagana.' } } }),
        'GET /api/client_service/5/module/tags/3': () => ({ body: { id: 3, name: 'Stary' } }),
      },
      `${TAGS}/edytuj/3`,
    );
    const name = await screen.findByLabelText(/^Nazwa tagu/);
    await waitFor(() => expect(name).toHaveProperty('value', 'Stary'));
    fireEvent.change(name, { target: { value: 'Nowy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(describedMessage(screen.getByLabelText(/^Nazwa tagu/))).toBe('Nazwa tagu jest wymagana.'));
  });

  it('edits a tag and keeps the saved values in the form', async () => {
    const { calls } = renderTagScreens(
      {
        'GET /api/client_service/5/module/tags/3': () => ({ body: { id: 3, name: 'Stary' } }),
        'PUT /api/client_service/5/module/tags/3': ({ body }) => ({ body: { id: 3, ...(body as object) } }),
        'GET /api/client_service/5/module/tags': () => ({ body: { data: [{ id: 3, name: 'Nowy' }], pagination: { total: 1 } } }),
      },
      `${TAGS}/edytuj/3`,
    );
    const name = await screen.findByLabelText(/^Nazwa tagu/);
    await waitFor(() => expect(name).toHaveProperty('value', 'Stary'));
    fireEvent.change(name, { target: { value: 'Nowy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await toasts().findByText('Tag został zaktualizowany.')).toBeTruthy();
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { name: 'Nowy' } });
  });

  it("shows the 404 screen for a record that is not there", async () => {
    const { locations } = renderTagScreens({}, `${TAGS}/edytuj/404`);
    await waitFor(() => expect(locations.at(-1)).toBe('/error/404'));
  });
});

describe('the module permission', () => {
  it("says 'Brak dostępu.' and shows the 403 screen when the module is not granted", async () => {
    const { locations, calls } = renderTagScreens(
      { 'GET /api/user/permissions/client_service/5/module/tags': () => ({ status: 403, body: { detail: 'Brak dostępu.' } }) },
      TAGS,
    );
    expect(await toasts().findByText('Brak dostępu.')).toBeTruthy();
    await waitFor(() => expect(locations.at(-1)).toBe('/error/403'));
    expect(calls.some((call) => call.path === '/api/client_service/5/module/tags')).toBe(false);
  });

  it('leads to the regulations page, without the 403 toast, when the server says they must be accepted first', async () => {
    const { locations } = renderTagScreens(
      {
        'GET /api/user/permissions/client_service/5/module/tags': () => ({
          status: 403,
          body: { detail: 'Najpierw zaakceptuj obowiązujące regulaminy.', code: 'regulations_required' },
        }),
      },
      TAGS,
    );
    await waitFor(() => expect(locations.at(-1)).toBe('/panel/profil/regulaminy'));
    expect(toasts().queryByText('Brak dostępu.')).toBeNull();
  });
});

describe('the tag list', () => {
  const page = (names: string[], total = names.length) => ({
    body: { data: names.map((name, index) => ({ id: index + 1, name })), pagination: { total } },
  });

  it('asks the server for a page in the x-admin sort, and searches', async () => {
    const { calls } = renderTagScreens({ 'GET /api/client_service/5/module/tags': () => page(['Alfa', 'Beta'], 60) }, TAGS);
    expect(await screen.findByRole('cell', { name: 'Alfa' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Tagi']);
    const first = calls.find((call) => call.path === '/api/client_service/5/module/tags')!;
    expect(Object.fromEntries(first.query)).toEqual({ page: '1', per_page: '25', sort: 'name', order: 'ASC' });
    expect(screen.getByText('1-25 z 60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Przejdź do następnej strony' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: 'Nazwa tagu' }));
    await waitFor(() => expect(Object.fromEntries(calls.at(-1)!.query)).toMatchObject({ page: '1', sort: 'name', order: 'DESC' }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Szukaj' }), { target: { value: 'alf' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('alf'));
  });

  it('shows the empty state', async () => {
    renderTagScreens({ 'GET /api/client_service/5/module/tags': () => page([]) }, TAGS);
    expect(await screen.findByText('Brak wpisów.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dodaj' }).getAttribute('href')).toBe(`${TAGS}/dodaj`);
  });

  it('deletes after confirmation, says so and refreshes the list', async () => {
    let names = ['Alfa', 'Beta'];
    const { calls } = renderTagScreens(
      {
        'GET /api/client_service/5/module/tags': () => page(names),
        'DELETE /api/client_service/5/module/tags/1': () => {
          names = ['Beta'];
          return { status: 204 };
        },
      },
      TAGS,
    );
    await screen.findByRole('cell', { name: 'Alfa' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Usuń: Alfa' })));
    expect(await toasts().findByText('Tag został usunięty.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Alfa' })).toBeNull());
    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/client_service/5/module/tags/1' })]);
  });

  it('deletes nothing when the user cancels', async () => {
    const { calls } = renderTagScreens({ 'GET /api/client_service/5/module/tags': () => page(['Alfa']) }, TAGS, false);
    await screen.findByRole('cell', { name: 'Alfa' });
    fireEvent.click(screen.getByRole('button', { name: 'Usuń: Alfa' }));
    await waitFor(() => expect(screen.queryByText('Czy na pewno usunąć „Alfa”?')).toBeNull());
    expect(writes(calls)).toEqual([]);
  });
});

describe('a singleton form (sending limits)', () => {
  const LIMITS = '/usluga/5/admin/limity';
  const daily = 'panel_emaillabs_daily_mail_limit';
  const monthly = 'panel_emaillabs_monthly_mail_limit';

  it('saves to the collection and shows the saved values, staying on the page', async () => {
    const calls = fakeApi({
      'GET /api/user/permissions/client_service/5/module/limits': () => ({ body: { allowed: true } }),
      'GET /api/client_service/5/limits/current': () => ({ body: {} }),
      // The server answers with what it stored, which the form must then show.
      'POST /api/client_service/5/limits': () => ({ body: { id: 1, [daily]: 100, [monthly]: 3000 } }),
    });
    const { locations } = renderScreens({ '/usluga/:service_id/admin/limity': <FormScreen resource="limits" view="edit" /> }, LIMITS);
    fireEvent.change(await screen.findByLabelText(/^Dobowy limit wysyłek/), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(/^Miesięczny limit wysyłek/), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await toasts().findByText('Limity zostały zmienione.')).toBeTruthy();
    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'POST', body: { [daily]: 100, [monthly]: 2000 } })]);
    await waitFor(() => expect(screen.getByLabelText(/^Miesięczny limit wysyłek/)).toHaveProperty('value', '3000'));
    expect(locations.at(-1)).toBe(LIMITS);
  });

  it('says which limit is missing, in Polish', async () => {
    fakeApi({
      'GET /api/user/permissions/client_service/5/module/limits': () => ({ body: { allowed: true } }),
      'GET /api/client_service/5/limits/current': () => ({ body: {} }),
    });
    renderScreens({ '/usluga/:service_id/admin/limity': <FormScreen resource="limits" view="edit" /> }, LIMITS);
    fireEvent.change(await screen.findByLabelText(/^Dobowy limit wysyłek/), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(describedMessage(screen.getByLabelText(/^Dobowy limit wysyłek/))).toBe('Dobowy limit wysyłek powinien być liczbą całkowitą większą lub równą 0.'),
    );
    expect(describedMessage(screen.getByLabelText(/^Miesięczny limit wysyłek/))).toBe('Miesięczny limit wysyłek jest wymagany.');
  });
});

describe('the sender config form (conditional fields)', () => {
  const SENDERS = '/usluga/5/konfiguracja/metody_wysylki';

  it('shows the fields of the chosen type, saves and opens the preview', async () => {
    const saved = { id: 3, config_type_id: 2, smtp_host: 'smtp.example.com', smtp_port: 587, smtp_user: 'a@example.com', from: 'a@example.com', from_name: 'Sklep' };
    const calls = fakeApi({
      'GET /api/user/permissions/client_service/5/module/senders': () => ({ body: { allowed: true } }),
      'GET /api/client_service/5/module/senders/configs': () => ({ body: calls.some((call) => call.method === 'POST') ? saved : {} }),
      'POST /api/client_service/5/module/senders/configs': () => ({ body: saved }),
    });
    const { locations } = renderScreens(
      {
        '/usluga/:service_id/konfiguracja/metody_wysylki': <FormScreen resource="senders_config" view="list" />,
        '/usluga/:service_id/konfiguracja/metody_wysylki/szczegoly': <ShowScreen resource="senders_config" view="show" />,
      },
      SENDERS,
    );
    const type = await screen.findByRole('combobox', { name: /Typ metody wysyłki/ });
    expect(screen.queryByLabelText(/^Host/)).toBeNull();

    fireEvent.mouseDown(type);
    fireEvent.click(await screen.findByRole('option', { name: 'SMTP' }));
    const host = await screen.findByLabelText(/^Host/);
    expect(screen.queryByLabelText(/^Klucz API/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(describedMessage(screen.getByLabelText(/^Host/))).toBe('Host jest wymagany.'));

    fireEvent.change(host, { target: { value: 'smtp.example.com' } });
    fireEvent.change(screen.getByLabelText(/^Port/), { target: { value: '587' } });
    fireEvent.change(screen.getByLabelText(/^Użytkownik/), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Hasło/), { target: { value: 'sekret' } });
    fireEvent.change(screen.getByLabelText(/^Adres nadawcy/), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Nazwa nadawcy/), { target: { value: 'Sklep' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await toasts().findByText('Metoda wysyłki została zaktualizowana.')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({
      config_type_id: 2,
      smtp_host: 'smtp.example.com',
      smtp_port: 587,
      smtp_user: 'a@example.com',
      smtp_password: 'sekret',
      from: 'a@example.com',
      from_name: 'Sklep',
    });
    await waitFor(() => expect(locations.at(-1)).toBe(`${SENDERS}/szczegoly`));
    expect(await screen.findByText('smtp.example.com')).toBeTruthy();
    expect(screen.getByText('SMTP')).toBeTruthy();
  });
});

describe("a module's declared action (the sender config's test send)", () => {
  const SENDERS = '/usluga/5/konfiguracja/metody_wysylki';
  const stored = { id: 3, config_type_id: 1, from: 'biuro', from_name: 'Sklep' };

  function renderSenders(record: object, handlers: Parameters<typeof fakeApi>[0] = {}) {
    const calls = fakeApi({
      'GET /api/user/permissions/client_service/5/module/senders': () => ({ body: { allowed: true } }),
      'GET /api/client_service/5/module/senders/configs': () => ({ body: record }),
      ...handlers,
    });
    renderScreens({ '/usluga/:service_id/konfiguracja/metody_wysylki': <FormScreen resource="senders_config" view="list" /> }, SENDERS);
    return calls;
  }

  it("shows the service's domain after the provider's method's local part, and no suffix for another type", async () => {
    renderSenders(stored, { 'GET /api/client_service/5/module/senders/configs/address': () => ({ body: { suffix: '@newsletter.example.com', from: null } }) });
    const from = await screen.findByLabelText(/^Adres nadawcy/);
    expect(await screen.findByText('@newsletter.example.com')).toBeTruthy();
    expect((from as HTMLInputElement).value).toBe('biuro');
    cleanup();
    renderSenders({ ...stored, config_type_id: 2, from: 'a@example.com' }, { 'GET /api/client_service/5/module/senders/configs/address': () => ({ body: { suffix: '@newsletter.example.com', from: null } }) });
    await screen.findByLabelText(/^Adres nadawcy/);
    expect(screen.queryByText('@newsletter.example.com')).toBeNull();
  });

  it('sends PUT .../test with an empty body and says to check the mailbox', async () => {
    const calls = renderSenders(stored, {
      'PUT /api/client_service/5/module/senders/configs/test': () => ({ body: { detail: 'Sprawdź skrzynkę mailową.' } }),
    });
    const button = await screen.findByRole('button', { name: 'Wyślij wiadomość testową' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);

    expect(await toasts().findByText('Sprawdź skrzynkę mailową.')).toBeTruthy();
    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'PUT', path: '/api/client_service/5/module/senders/configs/test', body: undefined })]);
  });

  it('is offered once saved, and disabled with the reason while the form has unsaved changes', async () => {
    renderSenders({});
    await screen.findByLabelText(/^Nazwa nadawcy/);
    expect(screen.queryByRole('button', { name: 'Wyślij wiadomość testową' })).toBeNull();
    cleanup();

    renderSenders(stored);
    const name = await screen.findByLabelText(/^Nazwa nadawcy/);
    await waitFor(() => expect(name).toHaveProperty('value', 'Sklep'));
    const enabled = screen.getByRole('button', { name: 'Wyślij wiadomość testową' });
    await waitFor(() => expect(enabled).toHaveProperty('disabled', false));
    fireEvent.change(name, { target: { value: 'Sklep internetowy' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wyślij wiadomość testową' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: 'Wyślij wiadomość testową' }).getAttribute('aria-describedby')).toBe(
      screen.getByText('Najpierw zapisz zmiany: te działania wykonują się na zapisanych danych.').id,
    );
    fireEvent.change(screen.getByLabelText(/^Nazwa nadawcy/), { target: { value: 'Sklep' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wyślij wiadomość testową' })).toHaveProperty('disabled', false));
  });

  it("shows the server's detail when the test send fails", async () => {
    renderSenders(stored, {
      'PUT /api/client_service/5/module/senders/configs/test': () => ({ status: 502, body: { detail: 'Nie udało się wysłać wiadomości.' } }),
    });
    const button = await screen.findByRole('button', { name: 'Wyślij wiadomość testową' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect(await toasts().findByText('Nie udało się wysłać wiadomości.')).toBeTruthy();
  });
});

describe('a filter fed by another module (recipients by tag)', () => {
  const RECIPIENTS = '/usluga/5/konfiguracja/odbiorcy';

  function renderRecipients(modules: string[]) {
    const calls = fakeApi({
      'GET /api/user/permissions/client_service/5/module/recipients': () => ({ body: { allowed: true } }),
      'GET /api/user/permissions/client_service/5': () => ({ body: { is_admin: false, modules } }),
      'GET /api/client_service/5/module/recipients': () => ({ body: { data: [{ id: 1, name: 'Jan', email: 'jan@example.com', tags: ['Promocje'] }], pagination: { total: 1 } } }),
      'GET /api/client_service/5/module/tags': ({ query }) => {
        const names = ['Nowości', 'Promocje'].filter((name) => name.toLowerCase().includes((query.get('search') ?? '').toLowerCase()));
        return { body: { data: names.map((name, index) => ({ id: index + 1, name })), pagination: { total: names.length } } };
      },
    });
    renderScreens({ '/usluga/:service_id/konfiguracja/odbiorcy': <ListScreen resource="recipients" view="list" /> }, RECIPIENTS);
    return calls;
  }
  const listCalls = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

  it('offers the existing tag names, searched on the server as the user types, and filters by the chosen one', async () => {
    const calls = renderRecipients(['recipients', 'tags']);
    await screen.findByRole('cell', { name: 'Jan' });
    const filter = screen.getByRole('combobox', { name: 'Tagi' });
    act(() => filter.focus());
    fireEvent.mouseDown(filter);
    expect(await screen.findByRole('option', { name: 'Nowości' })).toBeTruthy();
    expect(Object.fromEntries(listCalls(calls, '/api/client_service/5/module/tags')[0].query)).toEqual({ page: '1', per_page: '50', sort: 'name', order: 'ASC' });

    fireEvent.change(filter, { target: { value: 'prom' } });
    await waitFor(() => expect(listCalls(calls, '/api/client_service/5/module/tags').at(-1)?.query.get('search')).toBe('prom'));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Nowości' })).toBeNull());
    fireEvent.click(screen.getByRole('option', { name: 'Promocje' }));

    await waitFor(() => expect(listCalls(calls, '/api/client_service/5/module/recipients').at(-1)?.query.get('tag')).toBe('Promocje'));
  });

  it('stays a text filter, asking nothing of the tags, when the service does not grant the tag module', async () => {
    const calls = renderRecipients(['recipients']);
    await screen.findByRole('cell', { name: 'Jan' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tagi' })).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: 'Tagi' }), { target: { value: 'Promocje' } });
    await waitFor(() => expect(listCalls(calls, '/api/client_service/5/module/recipients').at(-1)?.query.get('tag')).toBe('Promocje'));
    expect(listCalls(calls, '/api/client_service/5/module/tags')).toEqual([]);
  });
});

describe('a list kept in the address', () => {
  const names = Array.from({ length: 60 }, (_, index) => `Tag ${index + 1}`);
  const pageOf = ({ query }: ApiCall) => {
    const perPage = Number(query.get('per_page'));
    const start = (Number(query.get('page')) - 1) * perPage;
    return { body: { data: names.slice(start, start + perPage).map((name, index) => ({ id: start + index + 1, name })), pagination: { total: names.length } } };
  };

  /** A Back button, as the browser's own. */
  function BackButton() {
    const navigate = useNavigate();
    return <button onClick={() => navigate(-1)}>back</button>;
  }

  it('opens a shared link on its page, sort and search, and asks the server for exactly that', async () => {
    const { calls } = renderTagScreens({ 'GET /api/client_service/5/module/tags': pageOf }, `${TAGS}?page=2&order=DESC&search=tag`);
    expect(await screen.findByText('26-50 z 60')).toBeTruthy();
    const request = calls.find((call) => call.path === '/api/client_service/5/module/tags')!;
    expect(Object.fromEntries(request.query)).toEqual({ page: '2', per_page: '25', sort: 'name', order: 'DESC', search: 'tag' });
    expect((screen.getByRole('searchbox', { name: 'Szukaj' }) as HTMLInputElement).value).toBe('tag');
  });

  it('writes page, sort and settled search into the address, and Back restores the previous page', async () => {
    const calls = fakeApi({ ...allowed, 'GET /api/client_service/5/module/tags': pageOf });
    const { addresses } = renderScreens(
      {
        '/usluga/:service_id/konfiguracja/tagi': (
          <>
            <ListScreen resource="tags" view="list" />
            <BackButton />
          </>
        ),
      },
      TAGS,
    );
    await screen.findByText('1-25 z 60');
    fireEvent.click(screen.getByRole('button', { name: 'Przejdź do następnej strony' }));
    await screen.findByText('26-50 z 60');
    expect(addresses.at(-1)).toBe(`${TAGS}?page=2`);

    fireEvent.click(screen.getByRole('button', { name: 'Nazwa tagu' }));
    await waitFor(() => expect(addresses.at(-1)).toBe(`${TAGS}?order=DESC`));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Szukaj' }), { target: { value: 'tag 1' } });
    await waitFor(() => expect(addresses.at(-1)).toBe(`${TAGS}?order=DESC&search=tag+1`));

    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(addresses.at(-1)).toBe(`${TAGS}?page=2`));
    await screen.findByText('26-50 z 60');
    expect((screen.getByRole('searchbox', { name: 'Szukaj' }) as HTMLInputElement).value).toBe('');
    expect(calls.at(-1)?.query.get('page')).toBe('2');
  });

  it('ignores a malformed address and shows the first page', async () => {
    const { calls } = renderTagScreens({ 'GET /api/client_service/5/module/tags': pageOf }, `${TAGS}?page=-3&per_page=7&sort=password`);
    expect(await screen.findByText('1-25 z 60')).toBeTruthy();
    const request = calls.find((call) => call.path === '/api/client_service/5/module/tags')!;
    expect(Object.fromEntries(request.query)).toEqual({ page: '1', per_page: '25', sort: 'name', order: 'ASC' });
  });
});

describe('a list on a phone', () => {
  beforeEach(() => {
    // A 390 px wide screen: every "max-width" query of MUI's breakpoints below 600 px matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /max-width:\s*(\d+(?:\.\d+)?)px/.test(query) && Number(/max-width:\s*(\d+(?:\.\d+)?)px/.exec(query)![1]) >= 390,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    }));
  });

  it('shows each record as a card with its labelled fields and its actions', async () => {
    renderTagScreens(
      { 'GET /api/client_service/5/module/tags': () => ({ body: { data: [{ id: 1, name: 'Alfa' }, { id: 2, name: 'Beta' }], pagination: { total: 2 } } }) },
      TAGS,
    );
    const list = await screen.findByRole('list', { name: 'Tagi' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Nazwa tagu')).toBeTruthy();
    expect(within(cards[0]).getByText('Alfa')).toBeTruthy();
    expect(within(cards[0]).getByRole('link', { name: 'Edytuj: Alfa' }).getAttribute('href')).toBe(`${TAGS}/edytuj/1`);
    expect(within(cards[1]).getByRole('button', { name: 'Usuń: Beta' })).toBeTruthy();
  });
});

describe('a record preview', () => {
  const TEMPLATES = '/usluga/5/szablony';
  const preview = (template: Record<string, unknown>) => {
    fakeApi({
      'GET /api/user/permissions/client_service/5/module/templates': () => ({ body: { allowed: true } }),
      'GET /api/client_service/5/module/templates/7': () => ({ body: { id: 7, ...template } }),
    });
    renderScreens({ '/usluga/:service_id/szablony/:template_id': <ShowScreen resource="templates" view="show" /> }, `${TEMPLATES}/7`);
  };

  it("says what a field's absence means when the schema names it (a template without html: 'Brak bloków.')", async () => {
    preview({ name: 'Pusty', html: '' });
    expect(await screen.findByText('Pusty')).toBeTruthy();
    expect(screen.getByText('Brak bloków.')).toBeTruthy();
  });

  it('shows a document in a sandboxed frame, at a desktop or a phone width, with its download', async () => {
    preview({ name: 'Pełny', html: '<p>Witaj</p>' });
    const frame = (await screen.findByTitle('Treść HTML')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Witaj</p>');
    expect(screen.queryByText('Brak bloków.')).toBeNull();
    expect(frame.dataset.width).toBe('desktop');
    fireEvent.click(screen.getByRole('button', { name: 'Telefon' }));
    expect(frame.dataset.width).toBe('phone');
    expect(screen.getByRole('button', { name: 'Telefon' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Pobierz' })).toBeTruthy();
  });
});
