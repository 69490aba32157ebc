import type { AdminBlock } from '../../../src/common/schema';
import { serverRegistry } from '../../../src/server/schema/settings';
import type { TestApp } from './app';

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The schema module an API path pattern belongs to: the one whose API path starts it (the longest). */
export function schemaModuleOf(test: TestApp, path: string): AdminBlock | undefined {
  return serverRegistry(test.config)
    .modules.flatMap(({ admin }) => [admin.api.path, admin.api.upload, admin.api.read].filter((prefix): prefix is string => Boolean(prefix) && under(path, prefix!)).map((prefix) => ({ prefix, admin })))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0]?.admin;
}

/**
 * Which of a user's services an API path pattern belongs to, read from the schemas and the services'
 * modules rather than kept by hand: the module of the schema owning the path (schemaModuleOf), else
 * the path's /module/<name> segment, else a hand-written route's module given in `routeModules` by
 * path prefix; then a service of the user that has that module. Undefined for a path of no module.
 */
export async function serviceOfPath(test: TestApp, username: string, routeModules: Record<string, string> = {}): Promise<(path: string) => number | undefined> {
  const { rows } = await test.ctx.db.query<{ module: string; id: number }>(
    `SELECT m.module, MIN(m.client_service_id) AS id FROM client_service_modules m
       JOIN client_service_users csu ON csu.client_service_id = m.client_service_id
       JOIN users u ON u.id = csu.user_id
      WHERE u.username = $1 GROUP BY m.module`,
    [username],
  );
  const serviceByModule = new Map(rows.map((row) => [row.module, Number(row.id)]));
  return (path) => {
    const module =
      schemaModuleOf(test, path)?.module ??
      /\/module\/([a-z_]+)/.exec(path)?.[1] ??
      Object.entries(routeModules).find(([prefix]) => under(path, prefix))?.[1];
    return module === undefined ? undefined : serviceByModule.get(module);
  };
}
