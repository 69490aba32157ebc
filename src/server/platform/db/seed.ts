import { escapeHtml } from '../../../common/content/escape';
import { generateTemporaryPassword, hashPassword } from '../auth/passwords';
import type { Config } from '../../config';
import { t } from '../http/errors';
import { type DemoAccount, type ModuleDemoSeed, missingModuleDemos, SHELL_DEMO } from './demo';
import { insertMenu, mainMenu, serviceMenu } from './seed/menus';
import type { Db, Queryable } from './types';

/** The service types of SPEC 1; shortcut is the /uslugi/{shortcut} segment, prefix the ?type_prefix= value. */
const SERVICE_TYPES = [
  { id: 1, shortcut: 'www', prefix: 'www' },
  { id: 2, shortcut: 'bip', prefix: 'bip' },
  { id: 7, shortcut: 'video', prefix: 'video' },
  { id: 9, shortcut: 'newsletter', prefix: 'newsletter' },
] as const;

type DemoUsername = 'admin' | 'klient' | 'klient2' | 'nowy';

/** The shell's demo accounts, klient first: the one to try first. */
const SHELL_ACCOUNTS: readonly (DemoAccount & { username: DemoUsername })[] = [
  { username: 'klient', about: 'app.cli.demo_accounts.klient' },
  { username: 'admin', about: 'app.cli.demo_accounts.admin' },
  { username: 'klient2', about: 'app.cli.demo_accounts.klient2' },
  { username: 'nowy', about: 'app.cli.demo_accounts.nowy' },
];

const DAY_MS = 24 * 3600 * 1000;
const MIB = 1024 * 1024;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A catalogue text as an HTML paragraph. */
const paragraph = (key: string) => `<p>${escapeHtml(t(key))}</p>`;

interface UserSeed {
  username: DemoUsername;
  isRoot?: boolean;
  phone?: string;
  passwordValid?: boolean;
  acceptsRegulations: boolean;
}

const USERS: UserSeed[] = [
  { username: 'admin', isRoot: true, acceptsRegulations: true },
  { username: 'klient', phone: '+48 600 100 200', acceptsRegulations: true },
  { username: 'klient2', phone: '601200300', acceptsRegulations: true },
  { username: 'nowy', passwordValid: false, acceptsRegulations: false },
];

interface ServiceSeed {
  owner: DemoUsername;
  name: string;
  typeId: number;
  kindId: 1 | 2 | 3 | 4;
  clientId: number;
  sizeAvailable: number;
  sizeUsed: number;
  domains: { domain: string; isMain: boolean; isSsl: boolean }[];
  modules: string[];
  /** The appearance template a site uses (TEMPLATES); newsletters have none. */
  template?: keyof typeof TEMPLATES;
}

/**
 * Two graphic templates: one with every feature the panel's pages depend on, one with none, so that
 * every flag-hidden page can be seen on one demo site and its 404 on the other.
 */
const TEMPLATES = {
  aurora: {
    colors: [
      { prefix: 'granat', color: '#1B3A6B' },
      { prefix: 'zielen', color: '#2E7D32' },
    ],
    counters: [{ prefix: 'licznik_odwiedzin' }, { prefix: 'licznik_dzienny' }],
    homepages: [{ prefix: 'strona_glowna' }, { prefix: 'strona_wydarzen' }],
    main_pages: [{ prefix: 'strona_glowna' }],
    banners: [{ prefix: 'naglowek', width: 1200, height: 300 }],
    has_header_photos: true,
    has_header_icons: true,
    has_esp_link: true,
    has_logo: true,
    has_motto_text: true,
    has_name_text: true,
    has_title_text: true,
    has_footer_text: true,
    has_news_categories_photo: true,
    banners_counter: { photo_dimension_info: '1200 × 300 px', photo_dimension_size: '1200x300', photo_enabled: true },
    news: { pinning_enabled: true },
    video: { upload_video: true, facebook_video: true, js_video: true },
  },
  minimal: {
    colors: [],
    counters: [],
    homepages: [],
    main_pages: [{ prefix: 'strona_glowna' }],
    banners: [],
    has_header_photos: false,
    has_header_icons: false,
    has_esp_link: false,
    has_logo: true,
    has_motto_text: false,
    has_name_text: true,
    has_title_text: true,
    has_footer_text: false,
    has_news_categories_photo: false,
    banners_counter: { photo_enabled: false },
    news: { pinning_enabled: false },
    video: { upload_video: false, facebook_video: false, js_video: false },
  },
};

const SITE_MODULES = ['files', 'news', 'news_categories', 'subjects', 'scripts', 'settings', 'main_pages', 'appearance', 'wcag', 'imports', 'main_data', 'scroll_banners', 'counter_banners', 'galleries', 'videos', 'forms', 'statistics'];
const NEWSLETTER_MODULES = ['files', 'tags', 'recipients', 'senders', 'limits', 'templates', 'layouts', 'mailings'];

const SERVICES: ServiceSeed[] = [
  {
    owner: 'klient',
    name: 'demo.services.klient_site',
    typeId: 1,
    kindId: 2,
    clientId: 101,
    sizeAvailable: 1024 * MIB,
    sizeUsed: 268 * MIB,
    domains: [
      { domain: 'www.kowalski.example.com', isMain: true, isSsl: true },
      { domain: 'kowalski.example.net', isMain: false, isSsl: false },
    ],
    modules: SITE_MODULES,
    template: 'aurora',
  },
  {
    owner: 'klient',
    name: 'demo.services.klient_newsletter',
    typeId: 9,
    kindId: 4,
    clientId: 101,
    sizeAvailable: 100 * MIB,
    sizeUsed: 12 * MIB,
    domains: [{ domain: 'newsletter.kowalski.example.com', isMain: true, isSsl: true }],
    modules: NEWSLETTER_MODULES,
  },
  {
    // A second site, so that klient can import content between services (SPEC 2 konfiguracja/importy).
    owner: 'klient',
    name: 'demo.services.klient_bip',
    typeId: 2,
    kindId: 2,
    clientId: 101,
    sizeAvailable: 512 * MIB,
    sizeUsed: 24 * MIB,
    domains: [{ domain: 'bip.kowalski.example.com', isMain: true, isSsl: true }],
    modules: SITE_MODULES,
    template: 'aurora',
  },
  {
    owner: 'klient2',
    name: 'demo.services.klient2_site',
    typeId: 1,
    kindId: 2,
    clientId: 102,
    sizeAvailable: 512 * MIB,
    sizeUsed: 40 * MIB,
    domains: [{ domain: 'www.nowak.example.org', isMain: true, isSsl: true }],
    modules: SITE_MODULES,
    template: 'minimal',
  },
];

type NewsMedia = 'has_videos' | 'has_galleries' | 'has_audios' | 'has_maps';
const NEWS: { key: string; daysAgo: number; readBy: DemoUsername[]; media: NewsMedia[] }[] = [
  { key: 'demo.news.welcome', daysAgo: 30, readBy: ['klient'], media: [] },
  { key: 'demo.news.maintenance', daysAgo: 14, readBy: ['klient'], media: ['has_maps'] },
  { key: 'demo.news.newsletter', daysAgo: 3, readBy: [], media: ['has_galleries'] },
  { key: 'demo.news.wcag', daysAgo: 1, readBy: [], media: ['has_videos', 'has_audios'] },
];

async function insertUsers(tx: Queryable, passwordHash: string): Promise<Record<DemoUsername, number>> {
  const ids = {} as Record<DemoUsername, number>;
  for (const user of USERS) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO users (username, password_hash, name, surname, phone, email, is_password_valid, is_root)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        user.username,
        passwordHash,
        t(`demo.users.${user.username}.name`),
        t(`demo.users.${user.username}.surname`),
        user.phone ?? null,
        `${user.username}@example.com`,
        user.passwordValid ?? true,
        user.isRoot ?? false,
      ],
    );
    ids[user.username] = rows[0].id;
  }
  return ids;
}

async function insertServices(tx: Queryable, userIds: Record<DemoUsername, number>): Promise<void> {
  for (const type of SERVICE_TYPES) {
    await tx.query('INSERT INTO service_types (id, name, shortcut, prefix) VALUES ($1, $2, $3, $4)', [
      type.id,
      t(`demo.service_types.${type.shortcut}`),
      type.shortcut,
      type.prefix,
    ]);
  }
  const templateIds: Record<string, number> = {};
  for (const [prefix, settings] of Object.entries(TEMPLATES)) {
    const { rows } = await tx.query<{ id: number }>('INSERT INTO appearance_templates (prefix, name, settings) VALUES ($1, $2, $3) RETURNING id', [
      prefix,
      t(`demo.templates.${prefix}`),
      JSON.stringify(settings),
    ]);
    templateIds[prefix] = rows[0].id;
  }
  for (const service of SERVICES) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO client_services (name, type_id, kind_id, client_id, site_permissions_profile_id, site_size_available, site_size_used, template_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [t(service.name), service.typeId, service.kindId, service.clientId, 1, service.sizeAvailable, service.sizeUsed, service.template ? templateIds[service.template] : null],
    );
    const serviceId = rows[0].id;
    for (const domain of service.domains) {
      await tx.query('INSERT INTO client_service_domains (client_service_id, domain, is_main, is_ssl) VALUES ($1, $2, $3, $4)', [
        serviceId,
        domain.domain,
        domain.isMain,
        domain.isSsl,
      ]);
    }
    for (const module of service.modules) {
      await tx.query('INSERT INTO client_service_modules (client_service_id, module) VALUES ($1, $2)', [serviceId, module]);
    }
    await tx.query('INSERT INTO client_service_users (client_service_id, user_id, is_admin) VALUES ($1, $2, TRUE)', [
      serviceId,
      userIds[service.owner],
    ]);
  }
}

async function insertMenus(tx: Queryable): Promise<void> {
  await insertMenu(tx, 'main', null, mainMenu(SERVICE_TYPES.map((type) => type.shortcut)));
  for (const type of SERVICE_TYPES) await insertMenu(tx, 'client_service', type.id, serviceMenu);
}

async function insertRegulations(tx: Queryable, userIds: Record<DemoUsername, number>): Promise<void> {
  const insert = async (key: string, validFrom: string, validTo: string | null) =>
    (
      await tx.query<{ id: number }>('INSERT INTO regulations (name, content, valid_from, valid_to) VALUES ($1, $2, $3, $4) RETURNING id', [
        t(`${key}.name`),
        [1, 2, 3].map((n) => paragraph(`${key}.paragraph_${n}`)).join(''),
        validFrom,
        validTo,
      ])
    ).rows[0].id;
  // One archived and one future version around the one in force, which is all a user must accept.
  await insert('demo.regulations.archived', daysFromNow(-400), daysFromNow(-30));
  const inForce = await insert('demo.regulations.current', daysFromNow(-30), null);
  await insert('demo.regulations.future', daysFromNow(30), null);
  for (const user of USERS.filter((u) => u.acceptsRegulations)) {
    await tx.query('INSERT INTO regulation_acceptances (user_id, regulation_id) VALUES ($1, $2)', [userIds[user.username], inForce]);
  }
}

async function insertContent(tx: Queryable): Promise<void> {
  const blocks = [
    { prefix: 'footer_info', html: paragraph('demo.content.footer_info.text') },
    { prefix: 'footer_copyright', html: paragraph('demo.content.footer_copyright.text') },
    {
      prefix: 'footer_realization',
      html: `<p>${escapeHtml(t('demo.content.footer_realization.text'))} <a href="https://example.com" target="_blank">${escapeHtml(t('demo.content.footer_realization.link'))}</a></p>`,
    },
  ];
  for (const block of blocks) {
    await tx.query('INSERT INTO content (prefix, name, description, content) VALUES ($1, $2, $3, $4)', [
      block.prefix,
      t(`demo.content.${block.prefix}.name`),
      t(`demo.content.${block.prefix}.description`),
      block.html,
    ]);
  }
}

async function insertNews(tx: Queryable, userIds: Record<DemoUsername, number>): Promise<void> {
  for (const item of NEWS) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO news (title, lead, body, date, has_videos, has_galleries, has_audios, has_maps)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        t(`${item.key}.title`),
        t(`${item.key}.lead`),
        paragraph(`${item.key}.body`),
        daysFromNow(-item.daysAgo),
        item.media.includes('has_videos'),
        item.media.includes('has_galleries'),
        item.media.includes('has_audios'),
        item.media.includes('has_maps'),
      ],
    );
    for (const username of item.readBy) {
      await tx.query('INSERT INTO news_reads (user_id, news_id) VALUES ($1, $2)', [userIds[username], rows[0].id]);
    }
  }
  // A draft: unpublished news never reaches users.
  await tx.query('INSERT INTO news (title, lead, body, published) VALUES ($1, $2, $3, FALSE)', [
    t('demo.news.draft.title'),
    t('demo.news.draft.lead'),
    paragraph('demo.news.draft.body'),
  ]);
}

async function countUsers(db: Queryable): Promise<number> {
  return (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users')).rows[0].count;
}

/** Whether demo data is to be seeded: the database has no users yet, or lacks one of the module demos. */
export async function demoIncomplete(db: Queryable, moduleSeeds: readonly ModuleDemoSeed[]): Promise<boolean> {
  return (await countUsers(db)) === 0 || (await missingModuleDemos(db, moduleSeeds)).length > 0;
}

/**
 * Demo data of issue 2, every text from the demo.* catalogue keys. Runs in one transaction and only
 * on a database without users; returns whether it seeded.
 */
export async function seedDemoData(db: Db, options: { password: string }): Promise<boolean> {
  const passwordHash = await hashPassword(options.password);
  return db.transaction(async (tx) => {
    // Two first starts at once: the second waits here, then finds the users and leaves.
    await tx.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    if ((await countUsers(tx)) > 0) return false;
    const userIds = await insertUsers(tx, passwordHash);
    await insertServices(tx, userIds);
    await insertMenus(tx);
    await insertRegulations(tx, userIds);
    await insertContent(tx);
    await insertNews(tx, userIds);
    // Module demos follow once the modules are loaded (seedModuleDemos, when the API is ready).
    await tx.query('INSERT INTO demo_seeds (name) VALUES ($1)', [SHELL_DEMO]);
    return true;
  });
}

/**
 * Seeds a database that has no users yet, with PANEL_DEMO_PASSWORD or a generated password, and
 * prints once every demo account (the shell's and moduleAccounts, the modules' demos'), which one to
 * try first and where, and a generated password.
 */
export async function seedIfEmpty(db: Db, config: Pick<Config, 'demoPassword' | 'publicUrl'>, moduleAccounts: readonly DemoAccount[] = []): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const password = config.demoPassword ?? generateTemporaryPassword();
  const seeded = await seedDemoData(db, { password });
  if (seeded) {
    const accounts = [...SHELL_ACCOUNTS, ...moduleAccounts].map(({ username, about }) => `  ${username}: ${t(about)}`);
    const passwordLine = config.demoPassword ? t('app.cli.demo_password_from_env') : t('app.cli.demo_password', { password });
    const lines = [t('app.cli.demo_seeded'), ...accounts, t('app.cli.demo_try_first', { username: SHELL_ACCOUNTS[0].username, url: config.publicUrl }), passwordLine];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return seeded;
}
