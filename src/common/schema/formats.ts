import { isCronExpression } from '../cron';
import { isCalendarDate, isDateTime } from '../validation/dates';
import { isEmail, isPostalCode, isUrl } from '../validation/generic';
import { isValidPhone } from '../validation/profile';
import { isNip, isRegon } from '../validation/registers';

// The local part of an address (before the @), as RFC 5322 dot-atoms; the domain is added on send.
const EMAIL_LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

// A time of day, the offset optional: the date widget stores wall-clock times ("09:30:00"), which ajv-formats' "time" refuses without one.
const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/i;

/** Formats the schemas may use; the same functions run in the browser (RJSF) and on the server. */
export const customFormats = {
  email: (value: string) => isEmail(value),
  url: (value: string) => isUrl(value),
  'email-local-part': (value: string) => value.length <= 64 && EMAIL_LOCAL_PART.test(value),
  time: (value: string) => TIME_OF_DAY.test(value),
  // Over ajv-formats' own, which take 0000-01-01 (PostgreSQL refuses it) and leap seconds (JavaScript cannot hold them).
  date: isCalendarDate,
  'date-time': isDateTime,
  // SPEC 5: five digits or NN-NNN; a phone of 8 to 10 digits (a country prefix allowed).
  'postal-code': isPostalCode,
  phone: isValidPhone,
  nip: isNip,
  regon: isRegon,
  // A scheduled job's five-field cron expression (src/common/cron.ts describes it in words).
  cron: isCronExpression,
};
