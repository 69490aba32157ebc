/**
 * Query-string pieces shared by the list calls (every list caps per_page at MAX_PER_PAGE). Query values arrive as strings (the server's ajv
 * does not coerce), so the schemas check their shape and the helpers convert them.
 */
export const MAX_PER_PAGE = 100;

export const paginationQuery = {
  page: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' },
  per_page: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' },
} as const;

export const booleanQuery = { type: 'string', enum: ['true', 'false', '1', '0'] } as const;

export interface PaginationQuery {
  page?: string;
  per_page?: string;
}

/** LIMIT and OFFSET of a 1-based page; per_page is capped at MAX_PER_PAGE. */
export function pagination(query: PaginationQuery, defaultPerPage: number): { limit: number; offset: number } {
  const limit = Math.min(Number(query.per_page ?? defaultPerPage), MAX_PER_PAGE);
  return { limit, offset: (Number(query.page ?? 1) - 1) * limit };
}

export const isTrue = (value: string | undefined) => value === 'true' || value === '1';
