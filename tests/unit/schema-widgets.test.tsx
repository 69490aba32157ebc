// @vitest-environment jsdom
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRegistry, loadModuleSchema, SchemaFileError } from '../../src/common/schema/registry';
import { formSchema, formUiSchema } from '../../src/client/schema/formSchema';
import { displayValue } from '../../src/client/schema/values';
import { schemaFields, schemaWidgets } from '../../src/client/schema/widgets';
import pl from '../../i18n/pl.json';
import roleSchema from '../../schemas/site/role.schema.json';
import { createTranslate } from '../../src/common/i18n/translate';
import { pickerSections, typeIntoPicker } from './support/pickers';
import { fakeApi, renderScreens } from './support/screens';

/** A module asking for every engine widget the standard way (format, contentMediaType) or by x-widget. */
const module = createRegistry({
  'event.schema.json': {
    type: 'object',
    title: 'resources.tags.title',
    properties: {
      day: { type: 'string', title: 'Dzień', format: 'date' },
      starts_at: { type: 'string', title: 'Początek', format: 'date-time' },
      opens: { type: 'string', title: 'Otwarcie', format: 'time' },
      body: { type: 'string', title: 'Opis', contentMediaType: 'text/html', maxLength: 5000 },
      summary: { type: 'string', title: 'Zajawka', 'x-widget': 'richtext', maxLength: 100 },
      place: {
        type: 'object',
        title: 'Miejsce',
        'x-widget': 'map',
        properties: { latitude: { type: 'number', minimum: -90, maximum: 90 }, longitude: { type: 'number', minimum: -180, maximum: 180 } },
      },
      stops: { type: 'array', title: 'Przystanki', 'x-widget': 'sortable', items: { type: 'string' } },
    },
    'x-admin': { resource: 'events', scope: 'user', title: 'resources.tags.title', route: { path: '/wydarzenia', name: 'events' } },
  },
}).modules[0];

/** The module's form as SchemaForm draws it (the engine's uiSchema, widgets and fields), keeping its data. */
function renderForm(initial: Record<string, unknown>) {
  const data: { current: Record<string, unknown> } = { current: initial };
  function EventForm() {
    const translate = useTranslate();
    const [formData, setFormData] = useState(initial);
    return (
      <Form
        schema={formSchema(module, false)}
        // The titles here are plain words, not catalogue keys: they stand for themselves.
        uiSchema={formUiSchema(module, (key, options) => translate(key, { _: key, ...options }), false, new Set())}
        validator={validator}
        widgets={schemaWidgets}
        fields={schemaFields}
        formData={formData}
        onChange={({ formData: next }) => {
          data.current = next;
          setFormData(next);
        }}
      />
    );
  }
  renderScreens({ '/': <EventForm /> }, '/');
  return data;
}

beforeEach(() => {
  fakeApi({ 'GET /api/settings/public': () => ({ body: { map_tile_url: 'https://kafelki.example.invalid/{z}/{x}/{y}.png', map_tile_attribution: 'Kafelki' } }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the schema form picks the engine widgets', () => {
  it('dates, moments and times by their format: Polish pickers typed by keyboard, storing ISO', async () => {
    const data = renderForm({});
    const day = await screen.findByRole('group', { name: 'Dzień' });
    const startsAt = await screen.findByRole('group', { name: 'Początek' });
    const opens = await screen.findByRole('group', { name: 'Otwarcie' });
    expect([pickerSections(day), pickerSections(startsAt), pickerSections(opens)]).toEqual([
      ['dd', 'mm', 'rrrr'],
      ['dd', 'mm', 'rrrr', 'gg', 'mm'],
      ['gg', 'mm'],
    ]);
    typeIntoPicker(day, '23112026');
    typeIntoPicker(startsAt, '231120261015');
    typeIntoPicker(opens, '0930');
    expect(data.current).toMatchObject({ day: '2026-11-23', starts_at: '2026-11-23T10:15:00+01:00', opens: '09:30:00' });
    expect(within(day).getByRole('button', { name: /^Wybierz datę, obecnie wybrana data to 23 lis 2026$/ })).toBeTruthy();
  });

  it('rich text by contentMediaType text/html or x-widget richtext (not a text area for a long text)', async () => {
    const data = renderForm({ body: '<p>Zaproszenie</p>' });
    // The editor's code loads lazily, on first use: more than findBy's default second on a busy machine.
    const body = await screen.findByRole('textbox', { name: 'Opis' });
    expect(await screen.findByRole('textbox', { name: 'Zajawka' })).toBeTruthy();
    expect(screen.getAllByRole('toolbar', { name: 'Formatowanie tekstu' })).toHaveLength(2);
    await waitFor(() => expect(body.textContent).toBe('Zaproszenie'));
    fireEvent.keyDown(body, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(body, { key: 'i', ctrlKey: true });
    expect(data.current.body).toBe('<p><em>Zaproszenie</em></p>');
  });

  it('a map for an x-widget map object, with the tiles the server names', async () => {
    const data = renderForm({ place: { latitude: 52.23, longitude: 21.01 } });
    const map = await screen.findByRole('region', { name: 'Mapa: Miejsce' });
    await waitFor(() => expect(map.querySelector('.leaflet-tile-pane img')?.getAttribute('src')).toMatch(/^https:\/\/kafelki\.example\.invalid\//));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Długość geograficzna' }), { target: { value: '19.94' } });
    expect(data.current.place).toEqual({ latitude: 52.23, longitude: 19.94 });
  });

  it('a sortable list for an x-widget sortable array, still editable, without the theme\'s own move buttons', async () => {
    const data = renderForm({ stops: ['Start', 'Rynek', 'Meta'] });
    const list = await screen.findByRole('list', { name: 'Przystanki' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /move up/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Przenieś niżej: Start' }));
    expect(data.current.stops).toEqual(['Rynek', 'Start', 'Meta']);
    expect(screen.getByText('„Start” jest teraz na pozycji 2 z 3.')).toBeTruthy();
    // The items stay RJSF's own fields.
    const inputs = within(list).getAllByRole('textbox') as HTMLInputElement[];
    expect(inputs.map((input) => input.value)).toEqual(['Rynek', 'Start', 'Meta']);
    fireEvent.change(inputs[2], { target: { value: 'Dworzec' } });
    expect(data.current.stops).toEqual(['Rynek', 'Start', 'Dworzec']);
  });
});

describe('lists and details show the widgets\' values readably', () => {
  const polish = createTranslate(pl);
  const translate = (key: string, options?: Record<string, unknown>) => polish(key, options as Record<string, string | number>);
  const shown = (field: string, value: unknown) => displayValue(module, field, value, translate);

  it('dates in Polish, rich text without its markup, a place by its coordinates', () => {
    expect(shown('day', '2026-11-23')).toBe('23 listopada 2026');
    // In Polish time, whatever the browser's zone, as the forms enter it.
    expect(shown('starts_at', '2026-11-23T10:15:00+01:00')).toBe(
      new Intl.DateTimeFormat('pl-PL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Warsaw' }).format(new Date('2026-11-23T10:15:00+01:00')),
    );
    expect(shown('starts_at', '2026-07-01T08:00:00Z')).toContain('10:00');
    expect(shown('body', '<p>Zaproszenie na <strong>festyn</strong> &amp; piknik</p>')).toBe('Zaproszenie na festyn & piknik');
    expect(shown('place', { latitude: 52.2297, longitude: 21.0122 })).toBe('szer. 52,23, dł. 21,012');
    expect(shown('stops', ['Start', 'Meta'])).toBe('Start, Meta');
  });

  it('a list of choices by their titles: an editor role\'s modules', () => {
    const roles = createRegistry({ 'role.schema.json': roleSchema }, 'panel').byResource('editor_roles')!;
    expect(displayValue(roles, 'modules', ['news', 'subjects'], translate)).toBe('Wiadomości, Tematyka');
  });
});

describe('the registry', () => {
  const withProperty = (property: Record<string, unknown>) => ({
    type: 'object',
    properties: { name: { type: 'string' }, field: property },
    'x-admin': { resource: 'events', scope: 'user', title: 'resources.tags.title', route: { path: '/wydarzenia', name: 'events' } },
  });

  it.each([
    ['an unknown x-widget', { type: 'string', 'x-widget': 'colour' }, /x-widget must be one of richtext, map, sortable/],
    ['rich text that is no string', { type: 'array', 'x-widget': 'richtext' }, /x-widget richtext needs "type": "string"/],
    ['a map without number coordinates', { type: 'object', 'x-widget': 'map', properties: { latitude: { type: 'number' }, lng: { type: 'number' } } }, /latitude and longitude/],
    ['a sortable list that is no array', { type: 'string', 'x-widget': 'sortable' }, /x-widget sortable needs "type": "array"/],
  ])('refuses %s, naming the file and the property', (_what, property, problem) => {
    const load = () => loadModuleSchema(withProperty(property), 'event.schema.json');
    expect(load).toThrow(SchemaFileError);
    expect(load).toThrow(/event\.schema\.json.*property field/);
    expect(load).toThrow(problem);
  });
});
