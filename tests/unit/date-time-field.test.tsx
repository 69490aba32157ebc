// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateTimeField, fromPickerDate, isoToWallTime, toPickerDate, IMPOSSIBLE_DATE, wallTimeToIso, type DateTimeKind } from '../../src/client/ui/DateTimeField';
import { pickerSections, typeIntoPicker } from './support/pickers';
import { renderScreens } from './support/screens';

/** The field with its value kept as the form keeps it, recording what it stores; resolves once the picker has loaded. */
async function renderField(kind: DateTimeKind, initial: string | undefined) {
  const stored: (string | undefined)[] = [];
  function Field() {
    const [value, setValue] = useState(initial);
    return (
      <DateTimeField
        id="when"
        kind={kind}
        label="Termin"
        value={value}
        onChange={(next) => {
          stored.push(next);
          setValue(next);
        }}
      />
    );
  }
  renderScreens({ '/': <Field /> }, '/');
  const field = await screen.findByRole('group', { name: 'Termin' });
  const sections = () => pickerSections(field);
  return { stored, field, sections, section: (name: string) => within(field).getByRole('spinbutton', { name }) };
}

/** A key pressed on a section, as a keyboard user does after moving into it. */
function press(section: HTMLElement, key: string) {
  act(() => section.focus());
  fireEvent.keyDown(section, { key });
}

afterEach(cleanup);

describe('Polish wall time and ISO', () => {
  it('gives the offset Poland has on that day, winter and summer', () => {
    expect(wallTimeToIso('2026-11-23T10:15')).toBe('2026-11-23T10:15:00+01:00');
    expect(wallTimeToIso('2026-07-01T10:15')).toBe('2026-07-01T10:15:00+02:00');
    expect(wallTimeToIso('2026-03-29T03:30')).toBe('2026-03-29T03:30:00+02:00');
    expect(wallTimeToIso('2026-10-25T01:59')).toBe('2026-10-25T01:59:00+02:00');
    expect(wallTimeToIso('23.11.2026 10:15')).toBeUndefined();
  });

  it('shows any ISO moment in Polish time, and back again', () => {
    expect(isoToWallTime('2026-11-23T09:15:00Z')).toBe('2026-11-23T10:15');
    expect(isoToWallTime('2026-07-01T10:15:00-04:00')).toBe('2026-07-01T16:15');
    expect(isoToWallTime('nie data')).toBe('');
    for (const iso of ['2026-01-31T23:30:00+01:00', '2026-08-15T00:00:00+02:00']) expect(wallTimeToIso(isoToWallTime(iso))).toBe(iso);
  });

  it("the picker's Date carries the figures shown; each kind comes back as the ISO it was", () => {
    const moment = toPickerDate('date-time', '2026-07-01T08:15:00Z')!;
    expect([moment.getFullYear(), moment.getMonth(), moment.getDate(), moment.getHours(), moment.getMinutes()]).toEqual([2026, 6, 1, 10, 15]);
    expect(fromPickerDate('date-time', moment)).toBe('2026-07-01T10:15:00+02:00');
    const examples: [DateTimeKind, string][] = [
      ['date', '2026-11-23'],
      ['date', '0099-01-02'],
      ['date-time', '2026-11-23T10:15:00+01:00'],
      ['time', '18:45:00'],
      ['month', '2026-02'],
    ];
    for (const [kind, value] of examples) expect(fromPickerDate(kind, toPickerDate(kind, value))).toBe(value);
    expect(toPickerDate('date', undefined)).toBeNull();
    expect(fromPickerDate('date', null)).toBeUndefined();
    expect(fromPickerDate('date', toPickerDate('date', '23.11.2026'))).toBe(IMPOSSIBLE_DATE);
  });
});

describe('DateTimeField', () => {
  it('a date: dd.mm.rrrr in sections with Polish names, changed by keyboard, YYYY-MM-DD stored', async () => {
    const { stored, field, sections, section } = await renderField('date', '2026-11-23');
    expect(sections()).toEqual(['23', '11', '2026']);
    expect(section('Miesiąc').getAttribute('aria-valuetext')).toBe('listopad');
    expect(within(field).getByRole('button', { name: /^Wybierz datę, obecnie wybrana data to 23 lis 2026$/ })).toBeTruthy();
    press(section('Dzień'), 'ArrowUp');
    expect(stored).toEqual(['2026-11-24']);
    expect(sections()).toEqual(['24', '11', '2026']);
  });

  it('a date that does not exist is kept as typed and stored as no date; a cleared field as no value', async () => {
    const { stored, field, sections, section } = await renderField('date', '2026-02-10');
    typeIntoPicker(field, '31');
    expect(sections()).toEqual(['31', '02', '2026']);
    expect(stored).toEqual(['2026-02-03', IMPOSSIBLE_DATE]);
    typeIntoPicker(field, '28');
    expect(stored.at(-1)).toBe('2026-02-28');
    for (const name of ['Dzień', 'Miesiąc', 'Rok']) press(section(name), 'Delete');
    expect(sections()).toEqual(['dd', 'mm', 'rrrr']);
    expect(stored.at(-1)).toBeUndefined();
  });

  it('an empty date shows the Polish placeholders', async () => {
    const { field } = await renderField('date', undefined);
    expect(within(field).getAllByRole('spinbutton').map((section) => section.textContent)).toEqual(['dd', 'mm', 'rrrr']);
  });

  it('a moment: shown in Polish time, stored as ISO with the offset', async () => {
    const { stored, sections, section } = await renderField('date-time', '2026-07-01T08:15:00Z');
    expect(sections()).toEqual(['01', '07', '2026', '10', '15']);
    press(section('Godzin'), 'ArrowUp');
    expect(stored).toEqual(['2026-07-01T11:15:00+02:00']);
  });

  it('a time of day: HH:MM in the field, HH:MM:SS stored', async () => {
    const { stored, sections, section } = await renderField('time', '09:30:00');
    expect(sections()).toEqual(['09', '30']);
    press(section('Minut'), 'ArrowDown');
    expect(stored).toEqual(['09:29:00']);
  });
});
