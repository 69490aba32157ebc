// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateTimeField, isoToWallTime, wallTimeToIso, type DateTimeKind } from '../../src/client/ui/DateTimeField';
import { renderScreens } from './support/screens';

/** The field with its value kept as the form keeps it, recording what it stores. */
function renderField(kind: DateTimeKind, initial: string | undefined) {
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
  return { stored, input: screen.getByLabelText('Termin') as HTMLInputElement };
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
});

describe('DateTimeField', () => {
  it('a date: YYYY-MM-DD in and out, written out in Polish', () => {
    const { stored, input } = renderField('date', '2026-11-23');
    expect(input.type).toBe('date');
    expect(input.value).toBe('2026-11-23');
    expect(input.lang).toBe('pl');
    expect(screen.getByText('poniedziałek, 23 listopada 2026')).toBeTruthy();
    fireEvent.change(input, { target: { value: '2026-12-24' } });
    expect(stored).toEqual(['2026-12-24']);
    expect(screen.getByText('czwartek, 24 grudnia 2026')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    expect(stored.at(-1)).toBeUndefined();
  });

  it('a moment: shown in Polish time, stored as ISO with the offset', () => {
    const { stored, input } = renderField('date-time', '2026-07-01T08:15:00Z');
    expect(input.type).toBe('datetime-local');
    expect(input.value).toBe('2026-07-01T10:15');
    expect(input.getAttribute('aria-describedby')).toBe('when-display');
    expect(document.getElementById('when-display')?.textContent).toBe(
      new Intl.DateTimeFormat('pl-PL', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Warsaw' }).format(new Date('2026-07-01T08:15:00Z')),
    );
    expect(document.getElementById('when-display')?.textContent).toMatch(/^środa, 1 lipca 2026.*10:15$/);
    fireEvent.change(input, { target: { value: '2026-12-24T18:00' } });
    expect(stored).toEqual(['2026-12-24T18:00:00+01:00']);
    expect(input.value).toBe('2026-12-24T18:00');
  });

  it('a time of day: HH:MM in the input, HH:MM:SS stored', () => {
    const { stored, input } = renderField('time', '09:30:00');
    expect(input.type).toBe('time');
    expect(input.value).toBe('09:30');
    fireEvent.change(input, { target: { value: '18:45' } });
    expect(stored).toEqual(['18:45:00']);
    expect(input.value).toBe('18:45');
  });
});
