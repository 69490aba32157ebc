import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';

let test: TestApp;
let klient: string;
let klient2: string;
let site: number;
let otherClientSite: number;

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  klient2 = (await test.login('klient2')).access_token;
  site = await serviceOf(test, 'klient', 1);
  otherClientSite = await serviceOf(test, 'klient2', 1);
});
afterAll(() => test?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = klient) => test.call({ method, url, token, payload });
/** The main data's API: the record at the module's address, the lists and the map under it. */
const mainData = (sub = '', serviceId = site) => `/api/client_service/${serviceId}/module/main_data${sub ? `/${sub}` : ''}`;
const INVALID_FORM = 'Proszę poprawnie wypełnić formularz.';

const OFFICE = {
  name: 'Urząd Gminy Przykładowo',
  street: 'ul. Rynek',
  building: '1',
  postal_code: '00-950',
  city: 'Przykładowo',
  nip: '1234563218',
  regon: '123456785',
  email: 'urzad@przykladowo.pl',
  phone: '+48 22 123 45 67',
  epuap: '/ugprzykladowo/SkrytkaESP',
  opening_hours: [
    { days: 'poniedziałek', hours: '8:00–16:00' },
    { days: 'wtorek–piątek', hours: '7:30–15:30' },
  ],
};

describe("the demo of klient's site", () => {
  it('fills every tab with records the forms accept as they are', async () => {
    const record = (await call('GET', mainData())).json();
    expect(record).toMatchObject({ name: 'Urząd Gminy Przykładowo', nip: '1234563218', opening_hours: expect.arrayContaining([{ days: 'poniedziałek', hours: '8:00–17:00' }]) });
    expect((await call('PUT', mainData(), record)).statusCode).toBe(200);
    for (const list of ['additional', 'contacts', 'positions']) {
      const records = (await call('GET', mainData(list))).json().data as { id: number }[];
      expect(records.length, list).toBe(3);
      for (const entry of records) expect((await call('PUT', mainData(`${list}/${entry.id}`), entry)).statusCode, list).toBe(200);
    }
    const map = (await call('GET', mainData('map'))).json();
    expect(map).toMatchObject({ location: { latitude: 52.2297, longitude: 21.0122 }, zoom: 16 });
    expect((await call('PUT', mainData('map'), map)).statusCode).toBe(200);
  });
});

describe('the main data (moduly/dane)', () => {
  it('is one record per service: saved by PUT or POST at the module address and read back', async () => {
    const saved = await call('PUT', mainData(), OFFICE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(OFFICE);
    expect((await call('GET', mainData())).json()).toMatchObject(OFFICE);
    const again = await call('POST', mainData(), { ...OFFICE, phone: '22 123 45 68' });
    expect(again.statusCode).toBeLessThan(300);
    expect((await call('GET', mainData())).json()).toMatchObject({ ...OFFICE, phone: '22 123 45 68' });
    expect((await call('GET', mainData(), undefined, klient2)).statusCode).toBe(403);
  });

  it('takes NIP with or without dashes, a 14-digit REGON and a five-digit postal code', async () => {
    const saved = await call('PUT', mainData(), { ...OFFICE, nip: '123-456-32-18', regon: '12345678512347', postal_code: '00950' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ nip: '123-456-32-18', regon: '12345678512347', postal_code: '00950' });
    await call('PUT', mainData(), OFFICE);
  });

  it.each([
    ['nip', '1234563217', 'Podaj poprawny NIP: 10 cyfr z prawidłową cyfrą kontrolną.'],
    ['nip', '123456321', 'Podaj poprawny NIP: 10 cyfr z prawidłową cyfrą kontrolną.'],
    ['regon', '123456784', 'Podaj poprawny REGON: 9 lub 14 cyfr z prawidłową cyfrą kontrolną.'],
    ['regon', '12345678512346', 'Podaj poprawny REGON: 9 lub 14 cyfr z prawidłową cyfrą kontrolną.'],
    ['regon', '1234567851', 'Podaj poprawny REGON: 9 lub 14 cyfr z prawidłową cyfrą kontrolną.'],
    ['postal_code', '00-95', 'Kod pocztowy powinien mieć postać 00-000 lub 00000.'],
    ['postal_code', '00 950', 'Kod pocztowy powinien mieć postać 00-000 lub 00000.'],
    ['email', 'urzad@', 'Podaj poprawny adres e-mail.'],
    ['phone', '123', 'Numer telefonu powinien zawierać od 8 do 10 cyfr.'],
    ['epuap', 'SkrytkaESP', 'Adres skrytki ePUAP powinien mieć postać /identyfikator/skrytka, np. /ugprzykladowo/SkrytkaESP.'],
  ])('refuses %s %j with a Polish message and stores nothing', async (field, value, message) => {
    const refused = await call('PUT', mainData(), { ...OFFICE, name: 'Zmieniona nazwa', [field]: value });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: INVALID_FORM, errors: { [field]: message } });
    expect((await call('GET', mainData())).json()).toMatchObject(OFFICE);
  });

  it('asks for the institution name and the city', async () => {
    const refused = await call('PUT', mainData(), { street: 'ul. Rynek' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ name: 'Nazwa instytucji jest wymagana.', city: 'Miejscowość jest wymagana.' });
  });

  it('checks every line of the opening hours', async () => {
    const refused = await call('PUT', mainData(), { ...OFFICE, opening_hours: [{ days: 'poniedziałek', hours: '8:00–16:00' }, { days: 'sobota' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'opening_hours.1.hours': 'Podaj godziny, np. 7:30–15:30.' });
  });

  it('answers wrong types with a Polish 400 and keeps what was stored', async () => {
    for (const [field, value, message] of [
      ['name', 123, 'Nazwa instytucji jest wymagana.'],
      ['nip', 1234563218, 'NIP musi być tekstem.'],
      ['opening_hours', 'pn–pt 8–16', 'Godziny otwarcia powinny być listą.'],
      ['opening_hours', ['pn–pt 8–16'], 'Wiersz godzin otwarcia powinien podawać dni i godziny.'],
    ] as const) {
      const refused = await call('PUT', mainData(), { ...OFFICE, [field]: value });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().detail).toBe(INVALID_FORM);
      expect(Object.values(refused.json().errors)).toEqual([message]);
    }
    expect((await call('GET', mainData())).json()).toMatchObject(OFFICE);
  });
});

describe.each([
  ['additional', { label: 'Numer konta', value: '12 1020 1026 0000 0000 0000 0000' }, { label: 'Kapitał zakładowy', value: 'nie dotyczy' }, 'label'],
  ['contacts', { name: 'Sekretariat', phone: '22 123 45 67', email: 'sekretariat@przykladowo.pl' }, { name: 'Kasa', phone: '22 123 45 69' }, 'name'],
  ['positions', { person: 'Anna Nowak', position: 'Wójt Gminy', phone: '22 123 45 60', email: 'wojt@przykladowo.pl' }, { person: 'Jan Kowalski', position: 'Skarbnik' }, 'person'],
] as [string, Record<string, string>, Record<string, string>, string][])('the %s list of the main data', (list, first, second, label) => {
  it('adds, lists in the user’s order, reorders, edits and deletes its records', async () => {
    const a = await call('POST', mainData(list), first);
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject(first);
    const b = (await call('POST', mainData(list), second)).json();
    const labels = async () => ((await call('GET', mainData(list))).json().data as Record<string, string>[]).map((record) => record[label]);
    expect((await labels()).slice(-2)).toEqual([first[label], second[label]]);
    const ids = ((await call('GET', mainData(list))).json().data as { id: number }[]).map((record) => record.id);
    expect((await call('PUT', mainData(`${list}/order`), { ids: [b.id, ...ids.filter((id) => id !== b.id)] })).statusCode).toBe(204);
    expect((await labels())[0]).toBe(second[label]);
    const edited = await call('PUT', mainData(`${list}/${a.json().id}`), { ...first, [label]: 'Zmieniony wpis' });
    expect(edited.statusCode).toBe(200);
    expect((await call('GET', mainData(`${list}/${a.json().id}`))).json()[label]).toBe('Zmieniony wpis');
    expect((await call('DELETE', mainData(`${list}/${a.json().id}`))).statusCode).toBe(204);
    expect((await call('GET', mainData(`${list}/${a.json().id}`))).statusCode).toBe(404);
  });

  it("is closed to another client, reading and writing alike, and hides the records from klient2's own site", async () => {
    expect((await call('GET', mainData(list, otherClientSite))).statusCode).toBe(403);
    const foreign = await call('POST', mainData(list, otherClientSite), first);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe('Brak dostępu.');
    const own = (await call('POST', mainData(list), first)).json();
    expect((await call('GET', mainData(`${list}/${own.id}`, otherClientSite), undefined, klient2)).statusCode).toBe(404);
    expect((await call('PUT', mainData(`${list}/${own.id}`, otherClientSite), first, klient2)).statusCode).toBe(404);
    expect((await call('GET', mainData(`${list}/${own.id}`))).json()).toMatchObject(first);
  });
});

describe('the messages of the lists', () => {
  it('name what an additional entry lacks', async () => {
    const refused = await call('POST', mainData('additional'), { label: '', value: 'x'.repeat(1001) });
    expect(refused.json()).toEqual({
      detail: INVALID_FORM,
      errors: { label: 'Nazwa jest wymagana.', value: 'Wartość powinna zawierać maksymalnie 1000 znaków' },
    });
  });

  it('check a contact’s phone and e-mail', async () => {
    const refused = await call('POST', mainData('contacts'), { name: 'Sekretariat', phone: 'zadzwoń', email: 'sekretariat' });
    expect(refused.json().errors).toEqual({ phone: 'Numer telefonu powinien zawierać od 8 do 10 cyfr.', email: 'Podaj poprawny adres e-mail.' });
    expect((await call('POST', mainData('contacts'), {})).json().errors).toEqual({ name: 'Nazwa jest wymagana.' });
  });

  it('ask a position for the person and the position, and refuse wrong types storing nothing', async () => {
    const before = (await call('GET', mainData('positions'))).json().pagination.total;
    expect((await call('POST', mainData('positions'), {})).json().errors).toEqual({ person: 'Imię i nazwisko są wymagane.', position: 'Stanowisko jest wymagane.' });
    const short = await call('POST', mainData('positions'), { person: 'Al', position: 'W' });
    expect(short.json().errors).toEqual({
      person: 'Imię i nazwisko powinny zawierać co najmniej 3 znaki',
      position: 'Stanowisko powinno zawierać co najmniej 2 znaki',
    });
    const wrongTypes = await call('POST', mainData('positions'), { person: ['Anna'], position: 7, email: false });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().errors).toEqual({ person: 'Imię i nazwisko są wymagane.', position: 'Stanowisko jest wymagane.', email: 'Adres e-mail musi być tekstem.' });
    expect((await call('GET', mainData('positions'))).json().pagination.total).toBe(before);
  });
});

describe('the map of the main data (moduly/dane/mapa)', () => {
  it('keeps one point and a zoom', async () => {
    const map = { location: { latitude: 50.0614, longitude: 19.9372 }, zoom: 16 };
    const saved = await call('PUT', mainData('map'), map);
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', mainData('map'))).json()).toMatchObject(map);
  });

  it('refuses a zoom or a point off the map with Polish messages, keeping the saved one', async () => {
    expect((await call('PUT', mainData('map'), { location: { latitude: 50, longitude: 19 }, zoom: 25 })).json().errors).toEqual({ zoom: 'Przybliżenie mapy powinno wynosić najwyżej 19.' });
    expect((await call('PUT', mainData('map'), { location: { latitude: 50, longitude: 19 }, zoom: 'duże' })).json().errors).toEqual({
      zoom: 'Przybliżenie mapy powinno być liczbą całkowitą.',
    });
    expect((await call('PUT', mainData('map'), { zoom: 10 })).json().errors).toEqual({ location: 'Wskaż siedzibę na mapie.' });
    const offMap = await call('PUT', mainData('map'), { location: { latitude: 95, longitude: 19 }, zoom: 10 });
    expect(offMap.statusCode).toBe(400);
    expect(offMap.json().detail).toBe(INVALID_FORM);
    expect((await call('GET', mainData('map'))).json()).toMatchObject({ zoom: 16 });
  });
});

describe('isolation of the main data', () => {
  it("refuses another client's service and an unknown one alike, on every address", async () => {
    for (const sub of ['', 'additional', 'contacts', 'positions', 'map']) {
      for (const serviceId of [otherClientSite, 999_999]) {
        const read = await call('GET', mainData(sub, serviceId));
        expect(read.statusCode, `${sub} ${serviceId}`).toBe(403);
        expect(read.json().detail).toBe('Brak dostępu.');
      }
    }
    expect((await call('PUT', mainData('', otherClientSite), OFFICE)).statusCode).toBe(403);
    expect((await call('GET', mainData('', otherClientSite), undefined, klient2)).json()).not.toMatchObject({ name: OFFICE.name });
  });

  it('needs a signed-in user', async () => {
    expect((await test.call({ method: 'GET', url: mainData() })).statusCode).toBe(401);
  });
});
