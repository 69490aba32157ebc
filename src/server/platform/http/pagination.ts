import { integer } from './query';

/** Query-string pieces shared by the list calls. Query values arrive as strings (the server's ajv does not coerce). */
export const MAX_PER_PAGE = 100;
/**
 * The last page any list serves: with at most 200 rows a page (the disk's lists) the OFFSET stays
 * below 2^31, far from where JavaScript's numbers or PostgreSQL's bigint would overflow.
 */
export const MAX_PAGE = 10_000_000;

export interface Page {
  page: number;
  perPage: number;
  limit: number;
  offset: number;
}

/**
 * The one reading of ?page (1-based) and ?per_page every list takes, schema-driven or not: absent
 * gives page 1 and the list's default size; anything but a whole number from 1 to MAX_PAGE (or to
 * maxPerPage) is a 400 naming the parameter, as the documented bounds say (OpenAPI minimum and maximum).
 */
export function readPage(query: unknown, defaultPerPage: number, maxPerPage = MAX_PER_PAGE): Page {
  const page = integer(query, 'page', 1, MAX_PAGE);
  const perPage = integer(query, 'per_page', defaultPerPage, maxPerPage);
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

export const booleanQuery = { type: 'string', enum: ['true', 'false', '1', '0'] } as const;

export const isTrue = (value: string | undefined) => value === 'true' || value === '1';
