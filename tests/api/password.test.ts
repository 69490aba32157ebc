import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_POLICIES } from '../../src/server/platform/auth/throttle';
import { addUser, freshAddress } from './auth-support';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const NEW_PASSWORD = 'Nowe-Haslo-2026!';
const INVALID_FORM = 'Proszę poprawnie wypełnić formularz.';

const changePassword = (token: string | undefined, payload: unknown) =>
  testApp.call({ method: 'PUT', url: '/api/user/password', token, payload });
const signIn = (username: string, password: string) =>
  testApp.call({ method: 'POST', url: '/api/authentication', payload: { username, password }, remoteAddress: freshAddress() });
const refresh = (refreshToken: string) =>
  testApp.call({ method: 'POST', url: '/api/authentication/refresh', payload: { refresh_token: refreshToken } });

describe('PUT /api/user/password', () => {
  let token: string;
  beforeAll(async () => {
    token = (await testApp.login('klient2')).access_token;
  });

  it('names every missing field with the SPEC 5 messages', async () => {
    const response = await changePassword(token, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: INVALID_FORM,
      errors: {
        password_old: 'Aktualne hasło jest wymagane.',
        password_new: 'Nowe hasło jest wymagane.',
        password_confirm: 'Potwierdzenie hasła jest wymagane.',
      },
    });
  });

  it.each([
    ['Krotkie-1!', 'Hasło powinno mieć od 12 do 32 znaków.'],
    [`Za-Dlugie-Haslo-1${'x'.repeat(16)}`, 'Hasło powinno mieć od 12 do 32 znaków.'],
    ['Haslo ze Spacja-1', 'Hasło nie może zawierać spacji.'],
    ['bez-wielkich-liter-1', 'Hasło powinno zawierać co najmniej jedną wielką literę.'],
    ['BEZ-MALYCH-LITER-1', 'Hasło powinno zawierać co najmniej jedną małą literę.'],
    ['Bez-Zadnej-Cyfry!', 'Hasło powinno zawierać co najmniej jedną cyfrę.'],
    ['BezZnakuSpecjalnego1', 'Hasło powinno zawierać co najmniej jeden znak specjalny.'],
    [DEMO_PASSWORD, 'Hasło powinno być inne niż aktualne hasło.'],
  ])('refuses the new password %j: %s', async (passwordNew, message) => {
    const response = await changePassword(token, { password_old: DEMO_PASSWORD, password_new: passwordNew, password_confirm: passwordNew });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: INVALID_FORM, errors: { password_new: message } });
  });

  it('requires the confirmation to match', async () => {
    const response = await changePassword(token, { password_old: DEMO_PASSWORD, password_new: NEW_PASSWORD, password_confirm: `${NEW_PASSWORD}x` });
    expect(response.json()).toEqual({ detail: INVALID_FORM, errors: { password_confirm: 'Hasła muszą być takie same.' } });
  });

  it('puts a wrong current password on password_old and changes nothing', async () => {
    const response = await changePassword(token, { password_old: 'Nie-To-Haslo-1', password_new: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: INVALID_FORM, errors: { password_old: 'Aktualne hasło jest nieprawidłowe.' } });
    expect((await signIn('klient2', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('rejects malformed bodies with 400 and anonymous callers with 401', async () => {
    for (const payload of [null, ['tekst'], { password_old: 1 }, { password_new: 'x'.repeat(10_000) }]) {
      const response = await changePassword(token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Nieprawidłowe żądanie.');
    }
    const anonymous = await changePassword(undefined, { password_old: DEMO_PASSWORD, password_new: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the password, marks it valid and ends only the other sessions', async () => {
    const userId = await addUser(testApp, 'zmieniajacy', { passwordValid: false });
    const current = await testApp.login('zmieniajacy');
    const other = await testApp.login('zmieniajacy');
    const bystander = await testApp.login('klient');

    const response = await changePassword(current.access_token, { password_old: DEMO_PASSWORD, password_new: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Twoje hasło zostało zmienione.' });

    const { rows } = await testApp.ctx.db.query('SELECT is_password_valid FROM users WHERE id = $1', [userId]);
    expect(rows[0]).toEqual({ is_password_valid: true });
    expect((await signIn('zmieniajacy', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('zmieniajacy', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(current.refresh_token)).statusCode).toBe(200);
    expect((await refresh(bystander.refresh_token)).statusCode).toBe(200);
  });

  it('throttles repeated wrong current passwords with 429', async () => {
    await addUser(testApp, 'sprawdzany');
    const { access_token: own } = await testApp.login('sprawdzany');
    const attempt = (passwordOld: string) => changePassword(own, { password_old: passwordOld, password_new: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    for (let i = 0; i < THROTTLE_POLICIES.password_change.perPair; i++) {
      expect((await attempt(`Zle-Haslo-${i}`)).statusCode).toBe(400);
    }
    const throttled = await attempt(DEMO_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toBe('Zbyt wiele nieudanych prób zmiany hasła. Spróbuj ponownie za 15 min.');
  });
});
