import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/common/api/menu';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';

let test: TestApp;
let klient: string;
let site: number;
let otherClientSite: number;

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  site = await serviceOf(test, 'klient', 1);
  otherClientSite = await serviceOf(test, 'klient2', 1);
});
afterAll(() => test?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => test.call({ method, url, token: klient, payload });
const scripts = (serviceId = site) => `/api/client_service/${serviceId}/module/scripts`;
const settings = (page: string, serviceId = site) => `/api/client_service/${serviceId}/module/settings/${page}`;

describe('scripts and plugins of the site', () => {
  it('are stored verbatim: a script tag is data, kept exactly as sent', async () => {
    const code = '<script>window.dataLayer = [];</script>\n<script src="https://stats.example.pl/s.js" async onload="go()"></script>';
    const created = await call('POST', scripts(), { name: 'Statystyki', placement: 'head', code, enabled: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().code).toBe(code);
    expect((await call('GET', `${scripts()}/${created.json().id}`)).json().code).toBe(code);
  });

  it('are switched off and on again by the enabled toggle, nothing else changed', async () => {
    const created = (await call('POST', scripts(), { name: 'Czat', placement: 'body_end', code: '<script>chat()</script>', enabled: true })).json();
    const off = await call('PUT', `${scripts()}/${created.id}/enabled`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, name: 'Czat', placement: 'body_end', code: '<script>chat()</script>' });
    expect((await call('GET', `${scripts()}/${created.id}`)).json().enabled).toBe(false);
    expect((await call('PUT', `${scripts()}/${created.id}/enabled`, { enabled: true })).json().enabled).toBe(true);
  });

  it('refuse a placement outside the list, and a missing one, with Polish messages', async () => {
    const wrong = await call('POST', scripts(), { name: 'Zły', placement: 'footer', code: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { placement: 'Wybierz miejsce osadzenia z listy.' } });
    const missing = await call('POST', scripts(), { name: 'Bez miejsca', code: 'x' });
    expect(missing.json().errors).toEqual({ placement: 'Miejsce osadzenia jest wymagane.' });
  });

  it('refuse code longer than 20000 characters', async () => {
    const tooLong = await call('POST', scripts(), { name: 'Długi', placement: 'head', code: 'x'.repeat(20001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ code: 'Kod powinien zawierać maksymalnie 20000 znaków' });
  });
});

describe('settings of the site', () => {
  it('sanitise the privacy policy rich text before storing it', async () => {
    const saved = await call('PUT', settings('privacy_policy'), { content: '<h2>Polityka</h2><p onclick="steal()">Dane<script>alert(1)</script></p>' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().content).toBe('<h2>Polityka</h2><p>Dane</p>');
    expect((await call('GET', settings('privacy_policy'))).json().content).toBe('<h2>Polityka</h2><p>Dane</p>');
  });

  it('ask for the cookie notice text only when the notice is shown', async () => {
    const shownWithoutText = await call('PUT', settings('cookies'), { enabled: true });
    expect(shownWithoutText.statusCode).toBe(400);
    expect(shownWithoutText.json().errors).toEqual({ text: 'Treść informacji o plikach cookies jest wymagana.' });
    expect((await call('PUT', settings('cookies'), { enabled: false })).statusCode).toBe(200);
  });

  it('check the main e-mail address', async () => {
    const wrong = await call('PUT', settings('email'), { email: 'kontakt@' });
    expect(wrong.json().errors).toEqual({ email: 'Podaj poprawny adres e-mail.' });
    expect((await call('PUT', settings('email'), { email: 'kontakt@przykladowo.pl' })).json().email).toBe('kontakt@przykladowo.pl');
  });

  it("refuse another client's service, reading and saving alike, and leave its settings untouched", async () => {
    for (const page of ['data_protection', 'privacy_policy', 'cookies', 'email']) {
      const read = await call('GET', settings(page, otherClientSite));
      expect(read.statusCode, page).toBe(403);
      expect(read.json().detail).toBe('Brak dostępu.');
    }
    const klient2 = (await test.login('klient2')).access_token;
    expect((await call('PUT', settings('email', otherClientSite), { email: 'intruz@przykladowo.pl' })).statusCode).toBe(403);
    expect((await test.call({ method: 'GET', url: settings('email', otherClientSite), token: klient2 })).json()).not.toHaveProperty('email', 'intruz@przykladowo.pl');
  });
});

describe('the Configuration folder of the site menu', () => {
  it('links subjects, scripts and the settings by their Polish names', async () => {
    const response = await call('GET', `/api/user/menu/client_service/${site}`);
    const folder = (response.json().data as MenuItem[]).find((item) => item.type === 'folder');
    const entries = Object.fromEntries((folder?.submenu ?? []).map((item) => [item.prefix, item.name]));
    expect(entries).toMatchObject({
      service_configuration_subjects: 'Tematyka',
      service_configuration_scripts: 'Skrypty i wtyczki',
      service_configuration_settings: 'Ustawienia',
    });
  });
});
