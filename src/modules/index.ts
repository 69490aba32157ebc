import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDemoSeed } from '../server/platform/db/demo';
import { faqServer } from './admin/server/faq';
import { cronServer } from './admin/server/cron';
import { cronDemo } from './admin/server/cron/demo';
import { adminNewsServer } from './admin/server/news';
import { adminNewsDemo } from './admin/server/news/demo';
import { faqDemo } from './admin/server/faq/demo';
import { helpServer } from './admin/server/help';
import { helpDemo } from './admin/server/help/demo';
import { surveysServer } from './admin/server/surveys';
import { surveysDemo } from './admin/server/surveys/demo';
import { diskServer } from './disk/server';
import { diskDemo } from './disk/server/demo';
import { newsletterServer } from './newsletter/server';
import { mailingsDemo, senderDemo } from './newsletter/server/demo-mailings';
import { recipientsDemo } from './newsletter/server/demo-recipients';
import { templatesDemo } from './newsletter/server/demo-templates';
import { servicesAdminServer } from './services/server';
import { siteServer } from './site/server';
import { appearanceDemo } from './site/server/appearance/demo';
import { editorsDemo } from './site/server/demo-editors';
import { formsDemo } from './site/server/demo-forms';
import { importsDemo } from './site/server/demo-imports';
import { mainPagesDemo } from './site/server/main-pages/demo';
import { publicMainPages } from './site/server/main-pages/public';
import { mainDataDemo } from './site/server/demo-main-data';
import { newsDemo } from './site/server/demo-news';
import { videosDemo } from './site/server/videos/demo';
import { siteModulesDemo } from './site/server/demo-site-modules';
import { statisticsDemo } from './site/server/statistics/demo';
import { wcagDemo } from './site/server/wcag/demo';

/**
 * The server plugins of the modules that need code beyond their schema files, one folder each
 * (src/modules/<domain>/server beside schemas/<domain>/), registered under /api after the schema modules.
 */
export const moduleServerPlugins: FastifyPluginAsync[] = [servicesAdminServer, newsletterServer, siteServer, diskServer, faqServer, helpServer, adminNewsServer, surveysServer, cronServer];

/** Pages the modules serve outside /api, to anyone: a site's home pages at /strona/{domain}/. */
export const modulePublicPages: FastifyPluginAsync[] = [publicMainPages];

/** The modules' demo records, written once on a demo database when the server is ready (in this order). */
export const moduleDemoSeeds: ModuleDemoSeed[] = [recipientsDemo, templatesDemo, mailingsDemo, senderDemo, newsDemo, editorsDemo, importsDemo, diskDemo, mainDataDemo, videosDemo, siteModulesDemo, formsDemo, appearanceDemo, mainPagesDemo, statisticsDemo, wcagDemo, faqDemo, helpDemo, adminNewsDemo, surveysDemo, cronDemo];

/** The demo accounts the modules' demos add (the start message lists them beside the shell's). */
export const moduleDemoAccounts = moduleDemoSeeds.flatMap((seed) => seed.accounts ?? []);
