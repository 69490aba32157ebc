import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { THROTTLE_POLICIES } from '../../src/server/platform/auth/throttle';
import { addUser, freshAddress, readOutbox, reminderLink, waitForMails } from './auth-support';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ publicUrl: 'https://panel.example.com' });
});
afterAll(() => testApp.close());

const REQUESTED = {
  detail: 'Jeśli konto o podanej nazwie istnieje, wysłaliśmy na przypisany do niego adres e-mail link do ustawienia nowego hasła.',
};
const INVALID_CODE = { detail: 'Link do ustawienia nowego hasła jest nieprawidłowy, wygasł lub został już użyty.' };

const requestReminder = (username: unknown, remoteAddress = freshAddress()) =>
  testApp.call({ method: 'POST', url: '/api/password_reminder', payload: { username }, remoteAddress });
const confirmReminder = (username: string, code: string, remoteAddress = freshAddress()) =>
  testApp.call({ method: 'PUT', url: '/api/password_reminder', payload: { username, confirm_code: code }, remoteAddress });
const signIn = (username: string, password: string) =>
  testApp.call({ method: 'POST', url: '/api/authentication', payload: { username, password }, remoteAddress: freshAddress() });
const refresh = (refreshToken: string) =>
  testApp.call({ method: 'POST', url: '/api/authentication/refresh', payload: { refresh_token: refreshToken } });

describe('password reminder', () => {
  it('runs end to end: link by e-mail, temporary password by e-mail, sessions ended, password marked invalid', async () => {
    const session = await testApp.login('klient');
    const response = await requestReminder('klient');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(REQUESTED);

    const [mail] = await waitForMails(testApp.config, 'klient@example.com');
    expect(mail.subject).toBe('Panel administracyjny: przypomnienie hasła');
    expect(mail.text).toContain('https://panel.example.com/logowanie/przypomnij_haslo/aktywuj/klient/');
    const { username, code } = await reminderLink(testApp.config, 'klient@example.com');
    expect(username).toBe('klient');

    const confirmed = await confirmReminder(username, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      detail: 'Hasło tymczasowe zostało wysłane na Twój adres e-mail. Zaloguj się nim, a panel poprosi o ustawienie nowego hasła.',
    });
    const mails = await waitForMails(testApp.config, 'klient@example.com', 2);
    expect(mails[1].subject).toBe('Panel administracyjny: hasło tymczasowe');
    const temporaryPassword = /\n\n(\S+)\n\n/.exec(mails[1].text)?.[1] ?? '';
    expect(temporaryPassword).toMatch(/^\S{16}$/);

    expect((await signIn('klient', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('klient', temporaryPassword)).statusCode).toBe(200);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    const { rows } = await testApp.ctx.db.query(`SELECT is_password_valid FROM users WHERE username = 'klient'`);
    expect(rows[0]).toEqual({ is_password_valid: false });

    // The code is single use.
    const again = await confirmReminder(username, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_CODE);
  });

  it('keeps the link and the old password when the temporary password cannot be e-mailed', async () => {
    await addUser(testApp, 'bez-poczty');
    await requestReminder('bez-poczty');
    const { code } = await reminderLink(testApp.config, 'bez-poczty@example.com');
    vi.spyOn(testApp.ctx.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const failed = await confirmReminder('bez-poczty', code);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ detail: 'Nie udało się wysłać wiadomości e-mail. Spróbuj ponownie później.' });
    expect((await signIn('bez-poczty', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await confirmReminder('bez-poczty', code)).statusCode).toBe(200);
    expect((await signIn('bez-poczty', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('answers an unknown user exactly as a real one and sends nothing', async () => {
    const before = (await readOutbox(testApp.config)).length;
    const response = await requestReminder('nikt-taki');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(REQUESTED);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await readOutbox(testApp.config)).toHaveLength(before);
  });

  it('refuses wrong, expired and superseded codes with 400', async () => {
    const userId = await addUser(testApp, 'wygasly');
    await requestReminder('wygasly');
    const first = await reminderLink(testApp.config, 'wygasly@example.com', 1);
    await requestReminder('wygasly');
    const second = await reminderLink(testApp.config, 'wygasly@example.com', 2);
    expect(second.code).not.toBe(first.code);

    expect((await confirmReminder('wygasly', first.code)).json()).toEqual(INVALID_CODE);
    expect((await confirmReminder('wygasly', `${second.code}x`)).statusCode).toBe(400);
    expect((await confirmReminder('klient2', second.code)).statusCode).toBe(400);

    await testApp.ctx.db.query(`UPDATE password_reminders SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [userId]);
    const expired = await confirmReminder('wygasly', second.code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_CODE);
    expect((await signIn('wygasly', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('rate limits reminder requests per username and per address with 429', async () => {
    await addUser(testApp, 'natret');
    for (let i = 0; i < THROTTLE_POLICIES.password_reminder.perAccount; i++) {
      expect((await requestReminder('natret')).statusCode).toBe(200);
    }
    const throttled = await requestReminder('natret');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Zbyt wiele próśb o przypomnienie hasła. Spróbuj ponownie za \d+ min\.$/);
    // The same limit for a username that does not exist, so 429 reveals nothing either.
    for (let i = 0; i < THROTTLE_POLICIES.password_reminder.perAccount; i++) await requestReminder('widmo');
    expect((await requestReminder('widmo')).statusCode).toBe(429);

    const address = freshAddress();
    for (let i = 0; i < THROTTLE_POLICIES.password_reminder.perAddress; i++) {
      expect((await requestReminder(`ktos${i}`, address)).statusCode).toBe(200);
    }
    expect((await requestReminder('ktos-jeszcze', address)).statusCode).toBe(429);
    expect((await requestReminder('ktos-jeszcze')).statusCode).toBe(200);
  });

  it('rate limits failed confirmations from one address; then even the right code waits there', async () => {
    await addUser(testApp, 'zgadujacy');
    await requestReminder('zgadujacy');
    const { code } = await reminderLink(testApp.config, 'zgadujacy@example.com');
    const address = freshAddress();
    for (let i = 0; i < THROTTLE_POLICIES.password_reminder_confirm.perPair; i++) {
      expect((await confirmReminder('zgadujacy', `zly-kod-${i}`, address)).statusCode).toBe(400);
    }
    const throttled = await confirmReminder('zgadujacy', code, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Zbyt wiele nieudanych prób potwierdzenia/);
  });

  it('retires a link after too many wrong codes, even once the throttle window has passed', async () => {
    await addUser(testApp, 'uparty');
    await requestReminder('uparty');
    const { code } = await reminderLink(testApp.config, 'uparty@example.com');
    for (let i = 0; i < THROTTLE_POLICIES.password_reminder_confirm.perPair; i++) await confirmReminder('uparty', `zly-kod-${i}`);
    await testApp.ctx.db.query(`UPDATE login_attempts SET attempted_at = now() - interval '1 day' WHERE username = 'uparty'`);
    expect((await confirmReminder('uparty', code)).json()).toEqual(INVALID_CODE);
  });

  it.each([
    ['POST', {}],
    ['POST', { username: ['klient'] }],
    ['POST', { username: 'x'.repeat(5000) }],
    ['PUT', { username: 'klient' }],
    ['PUT', { username: 'klient', confirm_code: 12345 }],
    ['PUT', { username: 'klient', confirm_code: 'x'.repeat(5000) }],
  ] as const)('rejects a malformed %s body with 400', async (method, payload) => {
    const response = await testApp.call({ method, url: '/api/password_reminder', payload, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Nieprawidłowe żądanie.' });
  });
});
