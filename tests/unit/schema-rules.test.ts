import { describe, expect, it } from 'vitest';
import { createAjv, createRegistry, describeErrors, translateErrors } from '../../src/common/schema';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate } from '../../src/common/i18n/translate';
import { readSchemaFolder } from '../../src/server/schema/folder';

const registry = createRegistry(readSchemaFolder('schemas'), 'panel');
const ajv = createAjv();
const t = createTranslate(catalogues.pl, 'pl');

/** The Polish field messages a body gets from a module's schema; {} when it is valid. */
function messages(resource: string, body: Record<string, unknown>): Record<string, string> {
  const module = registry.byResource(resource);
  if (!module) throw new Error(resource);
  const { $id: _id, ...schema } = module.schema;
  const validate = ajv.getSchema(resource) ?? (ajv.addSchema(schema, resource), ajv.getSchema(resource)!);
  return validate(structuredClone(body)) ? {} : translateErrors(describeErrors(validate.errors, module.schema), t);
}

describe('tag (SPEC 5)', () => {
  it.each([
    [{ name: 'ab' }, {}],
    [{ name: 'x'.repeat(128) }, {}],
    [{}, { name: 'Nazwa tagu jest wymagana.' }],
    [{ name: 'a' }, { name: 'Nazwa tagu powinna zawierać co najmniej 2 znaki' }],
    [{ name: 'x'.repeat(129) }, { name: 'Nazwa tagu powinna zawierać maksymalnie 128 znaków' }],
  ])('example %#', (body, expected) => expect(messages('tags', body)).toEqual(expected));
});

describe('recipient (SPEC 5)', () => {
  const valid = { name: 'Jan Kowalski', email: 'jan@example.com' };
  it.each([
    [valid, {}],
    [{ ...valid, tags: ['vip', 'x'.repeat(128)] }, {}],
    [{ email: 'jan@example.com' }, { name: 'Nazwa odbiorcy jest wymagana.' }],
    [{ ...valid, name: 'Jo' }, { name: 'Nazwa odbiorcy powinna zawierać co najmniej 3 znaki' }],
    [{ ...valid, name: 'x'.repeat(256) }, { name: 'Nazwa odbiorcy powinna zawierać maksymalnie 255 znaków' }],
    [{ name: 'Jan Kowalski' }, { email: 'Adres e-mail odbiorcy jest wymagany.' }],
    [{ ...valid, email: '' }, { email: 'Adres e-mail odbiorcy jest wymagany.' }],
    [{ ...valid, email: 'jan@' }, { email: 'Adres e-mail odbiorcy jest nieprawidłowy.' }],
    [{ ...valid, tags: ['a'] }, { 'tags.0': 'Nazwa tagu powinna zawierać co najmniej 2 znaki' }],
    [{ ...valid, tags: ['ok', 'y'.repeat(129)] }, { 'tags.1': 'Nazwa tagu powinna zawierać maksymalnie 128 znaków' }],
  ])('example %#', (body, expected) => expect(messages('recipients', body)).toEqual(expected));
});

describe('news category (SPEC 5)', () => {
  it.each([
    [{ name: 'Sport' }, {}],
    [{}, { name: 'Nazwa kategorii jest wymagana.' }],
    [{ name: 'ab' }, { name: 'Nazwa kategorii powinna zawierać co najmniej 3 znaki' }],
    [{ name: 'x'.repeat(65) }, { name: 'Nazwa kategorii powinna zawierać maksymalnie 64 znaki' }],
  ])('example %#', (body, expected) => expect(messages('news_categories', body)).toEqual(expected));
});

describe('content (SPEC 5)', () => {
  const valid = { prefix: 'footer_info', name: 'Stopka', description: 'Opis', content: '<p>Treść</p>' };
  it.each([
    [valid, {}],
    [{ ...valid, prefix: 'promotional_banner_top', content: 'https://example.com/promo' }, {}],
    [{ ...valid, content: 'x'.repeat(5000) }, {}],
    [{ ...valid, prefix: undefined }, { prefix: 'Prefix jest wymagany.' }],
    [{ ...valid, prefix: 'footer_' }, { prefix: 'Prefix nie może się kończyć znakiem podkreślenia.' }],
    [{ ...valid, prefix: 'footer info' }, { prefix: 'Prefix nie może zawierać spacji.' }],
    [{ ...valid, name: undefined }, { name: 'Nazwa jest wymagana.' }],
    [{ ...valid, description: '' }, { description: 'Opis jest wymagany.' }],
    [{ ...valid, content: undefined }, { content: 'Treść jest wymagana.' }],
    [{ ...valid, content: 'x'.repeat(5001) }, { content: 'Treść może zawierać maksymalnie 5000 znaków' }],
    [{ ...valid, prefix: 'promotional_banner_top', content: undefined }, { content: 'Link jest wymagany.' }],
    [{ ...valid, prefix: 'promotional_banner_top', content: 'nie link' }, { content: 'Link jest nieprawidłowy.' }],
  ])('example %#', (body, expected) => expect(messages('content', body as Record<string, unknown>)).toEqual(expected));
});

describe('sending limits (SPEC 5)', () => {
  const daily = 'panel_emaillabs_daily_mail_limit';
  const monthly = 'panel_emaillabs_monthly_mail_limit';
  it.each([
    [{ [daily]: 0, [monthly]: 1000 }, {}],
    [{ [monthly]: 1 }, { [daily]: 'Dobowy limit wysyłek jest wymagany.' }],
    [{ [daily]: 1 }, { [monthly]: 'Miesięczny limit wysyłek jest wymagany.' }],
    [{ [daily]: -1, [monthly]: 1 }, { [daily]: 'Dobowy limit wysyłek powinien być liczbą całkowitą większą lub równą 0.' }],
    [{ [daily]: 1, [monthly]: 1.5 }, { [monthly]: 'Miesięczny limit wysyłek powinien być liczbą całkowitą większą lub równą 0.' }],
    [{ [daily]: '5', [monthly]: 1 }, { [daily]: 'Dobowy limit wysyłek powinien być liczbą całkowitą większą lub równą 0.' }],
  ])('example %#', (body, expected) => expect(messages('limits', body)).toEqual(expected));
});

describe('sender config (SPEC 5)', () => {
  const smtp = { config_type_id: 2, smtp_host: 'smtp.example.com', smtp_port: 587, smtp_user: 'jan@example.com', smtp_password: 'tajne', from_name: 'Jan' };
  const labs = { config_type_id: 3, api_host: 'https://api.emaillabs.net.pl', api_key: 'k', api_secret: 's', smtp_account: '1.acc.smtp', from: 'jan@example.com', from_name: 'Jan' };
  const product = { config_type_id: 1, from: 'newsletter', from_name: 'Jan' };
  it.each([
    [smtp, {}],
    [labs, {}],
    [product, {}],
    [{ from_name: 'Jan' }, { config_type_id: 'Typ metody wysyłki jest wymagany.' }],
    [{ ...product, config_type_id: 4 }, { config_type_id: 'Typ metody wysyłki jest wymagany.' }],
    [{ ...smtp, smtp_host: undefined }, { smtp_host: 'Host jest wymagany.' }],
    [{ ...smtp, smtp_host: 'h'.repeat(513) }, { smtp_host: 'To pole może zawierać maksymalnie 512 znaków' }],
    [{ ...smtp, smtp_port: '587' }, { smtp_port: 'Port powinien być liczbą od 1 do 65535.' }],
    [{ ...smtp, smtp_port: undefined }, { smtp_port: 'Port jest wymagany.' }],
    [{ ...smtp, smtp_user: 'jan' }, { smtp_user: 'Adres e-mail jest nieprawidłowy.' }],
    [{ ...smtp, smtp_password: undefined }, { smtp_password: 'Hasło jest wymagane.' }],
    [{ ...smtp, from_name: undefined }, { from_name: 'Nazwa nadawcy jest wymagana.' }],
    [{ ...smtp, from_name: 'n'.repeat(513) }, { from_name: 'To pole może zawierać maksymalnie 512 znaków' }],
    [{ ...labs, api_key: undefined, smtp_account: 'a'.repeat(257) }, { api_key: 'Klucz API jest wymagany.', smtp_account: 'To pole może zawierać maksymalnie 256 znaków' }],
    [{ ...labs, from: 'jan' }, { from: 'Adres e-mail jest nieprawidłowy.' }],
    [{ ...labs, from: undefined }, { from: 'Adres nadawcy jest wymagany.' }],
    [{ ...product, from: 'jan@example.com' }, { from: 'Podaj tylko część adresu przed znakiem @.' }],
    [{ ...product, from: undefined }, { from: 'Adres nadawcy jest wymagany.' }],
  ])('example %#', (body, expected) => expect(messages('senders_config', body as Record<string, unknown>)).toEqual(expected));
});

describe('main-page section (SPEC 5)', () => {
  const valid = { page_prefix: 'home', section_id: 1, section_prefix: 'news', container_prefix: 'main', name: 'Aktualności', component_name: 'NewsList', row_id: 3 };
  it.each([
    [valid, {}],
    [{ ...valid, data_mode: 'category', data_category: 2 }, {}],
    [{ ...valid, section_prefix: undefined }, { section_prefix: 'Typ sekcji jest wymagany.' }],
    [{ ...valid, name: undefined }, { name: 'Nazwa sekcji jest wymagana.' }],
    [{ ...valid, name: 'ab' }, { name: 'Nazwa sekcji powinna zawierać co najmniej 3 znaki' }],
    [{ ...valid, name: 'x'.repeat(65) }, { name: 'Nazwa sekcji powinna zawierać maksymalnie 64 znaki' }],
    [{ ...valid, data_mode: 'category' }, { data_category: 'Kategoria jest wymagana.' }],
    [{ ...valid, row_id: undefined }, { row_id: 'Element jest wymagany.' }],
    [{ ...valid, section_id: 0 }, { section_id: 'Sekcja jest wymagana.' }],
    [{ ...valid, page_prefix: undefined, component_name: undefined }, { page_prefix: 'Strona główna jest wymagana.', component_name: 'Komponent jest wymagany.' }],
    [{ ...valid, container_prefix: undefined }, { container_prefix: 'Miejsce sekcji jest wymagane.' }],
  ])('example %#', (body, expected) => expect(messages('main_page_sections', body as Record<string, unknown>)).toEqual(expected));
});
