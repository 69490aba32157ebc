// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../src/client/providers/tokens';
import ProfilePage from '../../src/client/screens/profile/ProfilePage';
import { fakeApi, renderScreens, signIn, type ApiCall } from './support/screens';

const klient = {
  id: 2,
  username: 'klient',
  name: 'Jan',
  surname: 'Kowalski',
  phone: '500600700',
  email: 'klient@example.com',
  avatar_uri: null,
  is_password_valid: true,
  is_regulations: true,
  is_root: false,
};

function renderProfile(handlers: Parameters<typeof fakeApi>[0] = {}, user = klient) {
  const calls = fakeApi({ 'GET /api/user': () => ({ body: user }), ...handlers });
  const view = renderScreens({ '/panel/profil': <ProfilePage /> }, '/panel/profil');
  return { ...view, calls };
}

const field = (label: string) => screen.findByLabelText(label, { exact: true });

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** The field's message, found the way assistive technology finds it: through aria-describedby. */
function describedMessage(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const toasts = () => within(screen.getByRole('list', { name: 'toasts' }));
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

beforeEach(signIn);
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the profile form', () => {
  it('shows the Polish messages on the fields for bad input', async () => {
    renderProfile();
    const name = await field('Imię');
    expect(name).toHaveProperty('value', 'Jan');
    expect(name).toHaveProperty('required', true);

    type(name, 'jan');
    // Messages come with the first submit, then follow every change.
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz dane' }));
    await waitFor(() => expect(describedMessage(name)).toBe('Imię zawiera niedozwolone znaki.'));
    expect(name.getAttribute('aria-invalid')).toBe('true');

    type(name, 'Al');
    await waitFor(() => expect(describedMessage(name)).toBe('Imię powinno zawierać co najmniej 3 znaki'));

    const surname = await field('Nazwisko');
    type(surname, '');
    await waitFor(() => expect(describedMessage(surname)).toBe('Nazwisko jest wymagane.'));

    const phone = await field('Telefon');
    type(phone, '12');
    await waitFor(() => expect(describedMessage(phone)).toBe('Numer telefonu powinien być poprawny.'));
  });

  it('does not send an invalid form and says so in a toast', async () => {
    const { calls } = renderProfile();
    type(await field('Imię'), '');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz dane' }));

    expect(await toasts().findByText('Proszę poprawnie wypełnić formularz.')).toBeTruthy();
    expect(describedMessage(await field('Imię'))).toBe('Imię jest wymagane.');
    expect(writes(calls)).toEqual([]);
  });

  it('puts the server field errors on their fields', async () => {
    renderProfile({
      'PUT /api/user': () => ({
        status: 400,
        body: { detail: 'Proszę poprawnie wypełnić formularz.', errors: { surname: 'Nazwisko zawiera niedozwolone znaki.' } },
      }),
    });
    type(await field('Nazwisko'), 'Nowak');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz dane' }));

    const surname = await field('Nazwisko');
    await waitFor(() => expect(describedMessage(surname)).toBe('Nazwisko zawiera niedozwolone znaki.'));
    expect(await toasts().findByText('Proszę poprawnie wypełnić formularz.')).toBeTruthy();
  });

  it('saves, confirms and shows the saved values', async () => {
    const { calls } = renderProfile({
      'PUT /api/user': ({ body }) => ({ body: { ...klient, ...(body as object), phone: '+48500600701' } }),
    });
    type(await field('Nazwisko'), '  Nowak-Kowalska ');
    type(await field('Telefon'), '+48 500 600 701');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz dane' }));

    expect(await toasts().findByText('Twoje dane zostały zmienione.')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/api/user', body: { name: 'Jan', surname: 'Nowak-Kowalska', phone: '+48 500 600 701' } }),
    ]);
    await waitFor(async () => expect(await field('Telefon')).toHaveProperty('value', '+48500600701'));
    expect(await field('Adres e-mail')).toHaveProperty('readOnly', true);
  });
});

describe('the password form', () => {
  it('checks the SPEC 5 rules before sending', async () => {
    const { calls } = renderProfile();
    const old = await field('Aktualne hasło');
    const next = await field('Nowe hasło');
    const confirm = await field('Powtórz nowe hasło');

    type(next, 'krótkie');
    fireEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    await waitFor(() => expect(describedMessage(next)).toBe('Hasło powinno mieć od 12 do 32 znaków.'));
    type(old, 'Dobre-Haslo-123');
    type(next, 'Dobre-Haslo-123');
    await waitFor(() => expect(describedMessage(next)).toBe('Hasło powinno być inne niż aktualne hasło.'));
    type(next, 'Nowe-Haslo-456');
    type(confirm, 'Inne-Haslo-456');
    await waitFor(() => expect(describedMessage(confirm)).toBe('Hasła muszą być takie same.'));

    fireEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await toasts().findByText('Proszę poprawnie wypełnić formularz.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('changes the password and clears the form', async () => {
    const { calls } = renderProfile({ 'PUT /api/user/password': () => ({ body: { detail: 'Twoje hasło zostało zmienione.' } }) });
    type(await field('Aktualne hasło'), 'Dobre-Haslo-123');
    type(await field('Nowe hasło'), 'Nowe-Haslo-456');
    type(await field('Powtórz nowe hasło'), 'Nowe-Haslo-456');
    fireEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    expect(await toasts().findByText('Twoje hasło zostało zmienione.')).toBeTruthy();
    expect(writes(calls)[0]).toMatchObject({
      path: '/api/user/password',
      body: { password_old: 'Dobre-Haslo-123', password_new: 'Nowe-Haslo-456', password_confirm: 'Nowe-Haslo-456' },
    });
    await waitFor(async () => expect(await field('Aktualne hasło')).toHaveProperty('value', ''));
  });

  it('shows a wrong current password from the server on its field', async () => {
    renderProfile({
      'PUT /api/user/password': () => ({
        status: 400,
        body: { detail: 'Proszę poprawnie wypełnić formularz.', errors: { password_old: 'Aktualne hasło jest nieprawidłowe.' } },
      }),
    });
    type(await field('Aktualne hasło'), 'Zle-Haslo-1234');
    type(await field('Nowe hasło'), 'Nowe-Haslo-456');
    type(await field('Powtórz nowe hasło'), 'Nowe-Haslo-456');
    fireEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    const old = await field('Aktualne hasło');
    await waitFor(() => expect(describedMessage(old)).toBe('Aktualne hasło jest nieprawidłowe.'));
  });

  it('tells a user with an invalid password to set a new one, with the password form first', async () => {
    renderProfile({}, { ...klient, is_password_valid: false });
    const notice = (await screen.findByText('Ustaw nowe hasło')).closest('[role="alert"]');
    expect(notice?.textContent).toContain('Aby dalej korzystać z panelu, ustaw nowe hasło.');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['Zmiana hasła', 'Zdjęcie profilowe', 'Dane osobowe']);
  });

  it('shows no such notice to a user with a valid password', async () => {
    renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Mój profil' });
    await screen.findByLabelText(/^Imię/);
    expect(screen.queryByText('Ustaw nowe hasło')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('the avatar', () => {
  it.each([
    ['cv.pdf', 'application/pdf'],
    ['logo.svg', 'image/svg+xml'],
  ])('refuses %s, which the server would not store', async (fileName, type) => {
    const { calls } = renderProfile();
    // The panel's file button names the file input it opens.
    const input = (await screen.findByLabelText('Wybierz zdjęcie')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<data>'], fileName, { type })] } });

    expect(await screen.findByText('Wybierz zdjęcie w formacie PNG, JPEG, GIF lub WebP.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zapisz zdjęcie' })).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('previews a chosen image and uploads it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const { calls } = renderProfile({ 'POST /api/user/avatar': () => ({ body: { avatar_uri: '/api/avatars/abc' } }) });
    // The panel's file button names the file input it opens.
    const input = (await screen.findByLabelText('Wybierz zdjęcie')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });

    expect(((await screen.findByAltText(/^Podgląd nowego zdjęcia/)) as HTMLImageElement).src).toBe('blob:preview');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz zdjęcie' }));
    expect(await toasts().findByText('Twoje zdjęcie zostało dodane.')).toBeTruthy();
    const upload = writes(calls)[0];
    expect(upload.path).toBe('/api/user/avatar');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
  });
});
