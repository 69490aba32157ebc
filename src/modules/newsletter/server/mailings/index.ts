import type { FastifyInstance } from 'fastify';
import { MailingEngine } from './engine';
import { loadSecret } from '../../../../server/platform/auth/tokens';
import { publicMailingRoutes } from './public';
import { DeliveryTokens } from './render';
import { mailingRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The newsletter's sending engine (src/modules/newsletter/server/mailings/engine.ts). */
    mailings: MailingEngine;
  }
}

/**
 * Mailings: the engine (its run jobs defined, its pump running where jobs run), the mailings'
 * calls and the recipients' public unsubscribe, open and click calls.
 */
export async function mailingsServer(app: FastifyInstance): Promise<void> {
  if (!app.schemaModules.get('mailings')) return;
  const engine = new MailingEngine(app, new DeliveryTokens(await loadSecret(app.ctx.config)));
  app.decorate('mailings', engine);
  await engine.define();
  await mailingRoutes(app, engine);
  // Raising a limit resumes the mailings it paused, in the save's own request.
  app.schemaModules.get('limits')?.addHooks({ afterWrite: (tx, owner) => engine.limitsSaved(tx, owner.serviceId!) });
  // Its own scope: the form parser of the one-click unsubscribe serves these routes alone.
  await app.register(publicMailingRoutes, { tokens: engine.tokens });
  if (app.ctx.config.jobsEnabled) app.addHook('onReady', async () => engine.startPump());
  app.addHook('onClose', async () => engine.stopPump());
}
