import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from './errors';

// Neither PostgreSQL text nor jsonb takes a lone UTF-16 surrogate (a well-formed pair is one code
// point in /u mode, so \p{Cs} only finds the lone halves); text cannot hold NUL either.
const LONE_SURROGATE = /\p{Cs}/u;

function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * Throws a 400 when any string in a parsed request value (object keys included) could not be
 * stored. Walks without recursion so that deeply nested JSON cannot exhaust the stack.
 */
export function assertStorableText(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isStorable(item)) throw httpError(400, 'errors.text_invalid');
    } else if (item !== null && typeof item === 'object') {
      for (const [key, nested] of Object.entries(item)) pending.push(key, nested);
    }
  }
}

/** Refuses such text in every JSON or text body, query string and path parameter, before any route sees it. */
export const storableTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params);
    assertStorableText(request.query);
    assertStorableText(request.body);
  });
});
