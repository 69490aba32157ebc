import type { FastifyInstance } from 'fastify';
import { documentOperation } from '../../platform/http/api-routes';

/** The OpenAPI description of the menus' calls (menusModule), matched to its routes by method and path. */
export async function menusOpenApi(app: FastifyInstance): Promise<void> {
  documentOperation(app, 'get', '/user/menu/main', { tags: ['menus'], summary: 'The main menu {data: [entry]}' });
  documentOperation(app, 'get', '/user/menu/admin', { tags: ['menus'], summary: "The admin area's menu, for root users {data: [entry]}" });
  documentOperation(app, 'get', '/user/menu/client_service/{id}', { tags: ['menus'], summary: "A service's menu {data: [entry]}" });
}
