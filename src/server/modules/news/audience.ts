/**
 * Whether user `u` is in the audience of news item `n` (SQL over `users u` and `news n`): everyone,
 * the users of a service of one of the chosen types, or the users chosen by login. The users' read
 * calls and the important news' mail read the same rule.
 */
export const IN_NEWS_AUDIENCE = `(n.audience = 'all'
  OR (n.audience = 'users' AND u.username = ANY(n.users))
  OR (n.audience = 'service_types' AND EXISTS (
    SELECT 1 FROM client_service_users csu JOIN client_services cs ON cs.id = csu.client_service_id
     WHERE csu.user_id = u.id AND cs.type_id = ANY(n.service_types))))`;

/** A news item users see: published, and its publication moment has come. */
export const NEWS_SHOWN = 'n.published AND n.date <= now()';
