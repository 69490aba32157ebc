/** Body schemas: Fastify rejects any other shape with a 400 and the generic Polish detail. */

// Bounds keep argon2 and the database away from megabyte strings; no real value comes near them.
export const USERNAME_MAX_LENGTH = 150;
export const SECRET_MAX_LENGTH = 256;

export const requiredString = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

export function objectBody<Properties extends Record<string, object>>(properties: Properties, required = Object.keys(properties)) {
  return { type: 'object', properties, required } as const;
}
