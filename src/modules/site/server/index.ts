import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appearanceServer } from './appearance';
import { editorsServer } from './editors';
import { galleriesServer } from './galleries';
import { deliveryServer } from './delivery';
import { formDelivery, formsServer } from './forms';
import { importRoutes } from './imports';
import { mainPagesServer } from './main-pages';
import { newsServer } from './news';
import { statisticsServer } from './statistics';
import { videosServer } from './videos';
import { wcagServer } from './wcag';

/**
 * The site's calls beyond its schema modules (schemas/site/): the news' OPTIONS calls, editors kept
 * in service memberships, imports between services with the job that copies their content, the
 * forms' public submission API, the delivery API that gives a site its published content, the home-page builder, the visit statistics, the WCAG assistant's analyses. Extends the schema modules' routes, so it needs them first.
 */
export const siteServer = fp(
  async (app: FastifyInstance) => {
    await app.register(newsServer);
    await app.register(appearanceServer);
    await app.register(editorsServer);
    await app.register(importRoutes);
    await app.register(videosServer);
    await app.register(galleriesServer);
    await app.register(formsServer);
    await app.register(mainPagesServer);
    await app.register(wcagServer);
    await app.register(deliveryServer, { extensions: { forms: formDelivery(app) } });
    await app.register(statisticsServer);
  },
  { name: 'site', dependencies: ['schema-modules'] },
);
