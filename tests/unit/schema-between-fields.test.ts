import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate } from '../../src/common/i18n/translate';
import { createAjv, createRegistry, describeErrors, translateErrors } from '../../src/common/schema';

const t = createTranslate(catalogues.pl, 'pl');

/** A module of events whose fields the rules compare; titles are catalogue keys (or none: the field's name). */
const events = (rules: unknown[]) => ({
  type: 'object',
  properties: {
    date_from: { type: 'string', format: 'date', title: 'resources.imports.fields.start_date' },
    date_to: { type: ['string', 'null'], format: 'date', title: 'resources.news_items.fields.date' },
    starts_at: { type: 'string', format: 'date-time' },
    ends_at: { type: 'string', format: 'date-time' },
    seats: { type: 'integer' },
    booked: { type: 'integer' },
    name: { type: 'string' },
  },
  'x-admin': { resource: 'events', scope: 'service', route: { path: '/usluga/{service_id}/wydarzenia', name: 'service_events' }, rules },
});

const load = (rules: unknown[]) => createRegistry({ 'events.schema.json': events(rules) }).modules[0];

/** The server's Polish field messages for a body; {} when valid. */
function messages(rules: unknown[], body: Record<string, unknown>): Record<string, string> {
  const module = load(rules);
  const validate = createAjv().compile(module.schema);
  return validate(body) ? {} : translateErrors(describeErrors(validate.errors, module.schema), t, module.schema);
}

describe('rules between fields (x-admin.rules)', () => {
  const dates = [{ field: 'date_to', op: '>=', than: 'date_from' }];

  it('compares dates, with the default message naming both fields on the rule\'s field', () => {
    expect(messages(dates, { date_from: '2026-11-23', date_to: '2026-11-22' })).toEqual({
      date_to: 'Pole Data nie może zawierać daty wcześniejszej niż pole Data rozpoczęcia.',
    });
    expect(messages(dates, { date_from: '2026-11-23', date_to: '2026-11-23' })).toEqual({});
    expect(messages([{ field: 'date_to', op: '>', than: 'date_from' }], { date_from: '2026-11-23', date_to: '2026-11-23' })).toEqual({
      date_to: 'Pole Data musi zawierać datę późniejszą niż pole Data rozpoczęcia.',
    });
  });

  it('is skipped while either side is empty', () => {
    expect(messages(dates, { date_from: '2026-11-23', date_to: null })).toEqual({});
    expect(messages(dates, { date_to: '2026-11-01' })).toEqual({});
    expect(messages(dates, {})).toEqual({});
  });

  it('compares date-times as moments, whatever their offsets', () => {
    const rule = [{ field: 'ends_at', op: '>', than: 'starts_at' }];
    expect(messages(rule, { starts_at: '2026-11-23T10:00:00+01:00', ends_at: '2026-11-23T09:30:00Z' })).toEqual({});
    expect(messages(rule, { starts_at: '2026-11-23T10:00:00+01:00', ends_at: '2026-11-23T09:00:00Z' })).toEqual({
      ends_at: 'Pole ends_at musi zawierać datę późniejszą niż pole starts_at.',
    });
  });

  it('compares numbers, and takes a message of the module\'s own', () => {
    expect(messages([{ field: 'booked', op: '<=', than: 'seats' }], { seats: 10, booked: 11 })).toEqual({
      booked: 'Pole booked nie może zawierać liczby większej niż pole seats.',
    });
    expect(messages([{ field: 'booked', op: '<', than: 'seats', message: 'validation.field_invalid' }], { seats: 10, booked: 10 })).toEqual({
      booked: 'Pole booked jest nieprawidłowe.',
    });
    expect(messages([{ field: 'booked', op: '<=', than: 'seats' }], { seats: 10, booked: 10 })).toEqual({});
  });

  it('completes each rule with its kind and message', () => {
    expect(load(dates).admin.rules).toEqual([{ field: 'date_to', op: '>=', than: 'date_from', kind: 'date', message: 'validation.between_fields.date_gte' }]);
    expect(load([]).schema).not.toHaveProperty('x-rules');
  });

  it('refuses, at start, a rule the values cannot keep', () => {
    expect(() => load([{ field: 'date_to', op: '=>', than: 'date_from' }])).toThrow('events.schema.json: x-admin.rules[0].op must be one of <, <=, >, >=');
    expect(() => load([{ field: 'name', op: '>', than: 'date_from' }])).toThrow(/rules\[0\].field name must be a property holding a date, a date-time or a number/);
    expect(() => load([{ field: 'missing', op: '>', than: 'date_from' }])).toThrow(/rules\[0\].field missing must be a property/);
    expect(() => load([{ field: 'date_to', op: '>', than: 'starts_at' }])).toThrow(/rules\[0\].than starts_at must be another property of the same type and format as date_to/);
    expect(() => load([{ field: 'seats', op: '>', than: 'seats' }])).toThrow(/rules\[0\].than seats must be another property/);
  });
});
