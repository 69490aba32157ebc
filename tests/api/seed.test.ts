import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { newPasswordError } from '../../src/common/validation/password';
import { verifyPassword } from '../../src/server/platform/auth/passwords';
import { openDb, type Db } from '../../src/server/platform/db';
import { moduleDemoAccounts } from '../../src/modules';
import { seedDemoData, seedIfEmpty } from '../../src/server/platform/db/seed';
import { t as translate } from '../../src/server/platform/http/errors';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <Row>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<Row>(sql, params)).rows;

describe('demo data', () => {
  it('has the four users of issue 2 and the editor of issue 9, all signing in with the seed password', async () => {
    expect(
      await rows('SELECT username, is_root, is_password_valid, name, surname FROM users ORDER BY username'),
    ).toEqual([
      { username: 'admin', is_root: true, is_password_valid: true, name: 'Adam', surname: 'Administrator' },
      { username: 'klient', is_root: false, is_password_valid: true, name: 'Jan', surname: 'Kowalski' },
      { username: 'klient2', is_root: false, is_password_valid: true, name: 'Anna', surname: 'Nowak' },
      { username: 'nowy', is_root: false, is_password_valid: false, name: 'Piotr', surname: 'Wiśniewski' },
      { username: 'redaktor', is_root: false, is_password_valid: true, name: 'Ewa', surname: 'Zielińska' },
    ]);
    for (const username of ['admin', 'klient', 'klient2', 'nowy', 'redaktor']) expect((await t.login(username)).access_token).toBeTruthy();
  });

  it('gives klient a website with two domains (one main with SSL), a newsletter and a BIP site (for imports between its sites), all as site admin, redaktor an editor of the website; klient2 one of its own; nowy none', async () => {
    const services = await rows<{ username: string; name: string; type_id: number; is_admin: boolean; modules: string[] }>(
      `SELECT u.username, cs.name, cs.type_id, m.is_admin,
              ARRAY(SELECT module FROM client_service_modules x WHERE x.client_service_id = cs.id ORDER BY module) AS modules
         FROM client_service_users m JOIN users u ON u.id = m.user_id JOIN client_services cs ON cs.id = m.client_service_id
        ORDER BY u.username, cs.type_id`,
    );
    expect(services.map(({ username, name, type_id, is_admin }) => ({ username, name, type_id, is_admin }))).toEqual([
      { username: 'klient', name: translate('demo.services.klient_site'), type_id: 1, is_admin: true },
      { username: 'klient', name: translate('demo.services.klient_bip'), type_id: 2, is_admin: true },
      { username: 'klient', name: translate('demo.services.klient_newsletter'), type_id: 9, is_admin: true },
      { username: 'klient2', name: translate('demo.services.klient2_site'), type_id: 1, is_admin: true },
      { username: 'redaktor', name: translate('demo.services.klient_site'), type_id: 1, is_admin: false },
    ]);
    expect(services[0].modules).toEqual(expect.arrayContaining(['files', 'news_categories', 'main_pages', 'wcag', 'imports']));
    expect(services[1].modules).toEqual(services[0].modules);
    expect(services[2].modules).toEqual(expect.arrayContaining(['tags', 'recipients', 'senders', 'limits', 'templates', 'mailings']));

    const domains = await rows(
      `SELECT d.domain, d.is_main, d.is_ssl FROM client_service_domains d JOIN client_services cs ON cs.id = d.client_service_id
        WHERE cs.name = $1 ORDER BY d.is_main DESC`,
      [translate('demo.services.klient_site')],
    );
    expect(domains).toEqual([
      { domain: 'www.kowalski.example.com', is_main: true, is_ssl: true },
      { domain: 'kowalski.example.net', is_main: false, is_ssl: false },
    ]);
  });

  it('has the service types, menus, regulations, footer blocks and news', async () => {
    expect(await rows('SELECT id, shortcut FROM service_types ORDER BY id')).toEqual([
      { id: 1, shortcut: 'www' },
      { id: 2, shortcut: 'bip' },
      { id: 7, shortcut: 'video' },
      { id: 9, shortcut: 'newsletter' },
    ]);
    const menus = await rows<{ menu: string; service_type_id: number | null; items: number; root_items: number }>(
      `SELECT menu, service_type_id, count(*)::int AS items, count(*) FILTER (WHERE is_root)::int AS root_items
         FROM menu_items GROUP BY menu, service_type_id ORDER BY menu DESC, service_type_id`,
    );
    expect(menus.map((m) => [m.menu, m.service_type_id])).toEqual([
      ['main', null],
      ['client_service', 1],
      ['client_service', 2],
      ['client_service', 7],
      ['client_service', 9],
      ['admin', null],
    ]);
    expect(menus.every((m) => m.root_items > 0)).toBe(true);
    expect(await rows("SELECT link FROM menu_items WHERE menu = 'client_service' AND link IS NOT NULL LIMIT 1")).toEqual([
      { link: '{service_main_url}' },
    ]);

    const acceptances = await rows<{ username: string }>(
      `SELECT u.username FROM regulation_acceptances a JOIN users u ON u.id = a.user_id JOIN regulations r ON r.id = a.regulation_id
        WHERE r.valid_from <= now() AND r.valid_to IS NULL ORDER BY u.username`,
    );
    expect(acceptances.map((a) => a.username)).toEqual(['admin', 'klient', 'klient2', 'redaktor']);

    expect((await rows<{ prefix: string }>('SELECT prefix FROM content ORDER BY prefix')).map((c) => c.prefix)).toEqual([
      'footer_copyright',
      'footer_info',
      'footer_realization',
    ]);
    const news = await rows<{ title: string; read_by_klient: boolean }>(
      `SELECT n.title, EXISTS (SELECT 1 FROM news_reads r JOIN users u ON u.id = r.user_id
                                WHERE r.news_id = n.id AND u.username = 'klient') AS read_by_klient
         FROM news n WHERE n.published ORDER BY n.date`,
    );
    // The shell's demo news and root's demo news to users (src/modules/admin/server/news/demo.ts), by date.
    expect(news.map((n) => n.title)).toEqual(
      ['news.welcome', 'admin_news.newsletter_users', 'news.maintenance', 'admin_news.important', 'news.newsletter', 'news.wcag', 'admin_news.scheduled'].map((key) => translate(`demo.${key}.title`)),
    );
    expect(news.map((n) => n.read_by_klient)).toEqual([true, false, true, false, false, false, false]);
  });

  it('resolves every demo text from the catalogue', async () => {
    const texts = await rows<{ text: string }>(
      `SELECT name || ' ' || surname AS text FROM users
       UNION ALL SELECT name FROM service_types UNION ALL SELECT name FROM client_services
       UNION ALL SELECT name || content FROM regulations
       UNION ALL SELECT name || description || content FROM content
       UNION ALL SELECT title || lead || body FROM news`,
    );
    expect(texts.length).toBeGreaterThan(20);
    for (const { text } of texts) {
      expect(text, text).not.toMatch(/demo\.[a-z_]+\./);
      expect(text.trim(), text).not.toBe('');
    }
    // Menu entries keep their catalogue keys (the menus answer them translated).
    for (const { name } of await rows<{ name: string }>("SELECT DISTINCT name FROM menu_items WHERE item_type <> 'separator'")) {
      expect(translate(name), name).not.toBe(name);
    }
  });

  it('seeds nothing a second time', async () => {
    expect(await seedDemoData(t.ctx.db, { password: DEMO_PASSWORD })).toBe(false);
    expect(await rows('SELECT count(*)::int AS users FROM users')).toEqual([{ users: 5 }]);
  });
});

describe('seedIfEmpty', () => {
  const START = { publicUrl: 'http://localhost:3000' };
  let db: Db;
  beforeEach(async () => {
    db = await openDb({ dataDir: 'memory' });
  });
  afterEach(() => db.close());

  it('seeds an empty database once, with a generated password printed once with the usernames', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const results = await Promise.all([seedIfEmpty(db, START, moduleDemoAccounts), seedIfEmpty(db, START, moduleDemoAccounts)]);
      expect(results.sort()).toEqual([false, true]);
      expect(await seedIfEmpty(db, START)).toBe(false);
      const printed = write.mock.calls.map(([text]) => String(text)).join('');
      for (const username of ['admin', 'klient', 'klient2', 'nowy', 'redaktor']) expect(printed).toMatch(new RegExp(`^  ${username}: \\S`, 'm'));
      expect(printed).toContain('Na początek zaloguj się jako klient na http://localhost:3000');
      const password = /\(wyświetlane tylko raz\): (\S+)/.exec(printed)?.[1] ?? '';
      expect(newPasswordError(password)).toBeUndefined();
      const { rows: users } = await db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'klient'");
      expect(await verifyPassword(users[0].password_hash, password)).toBe(true);
      expect(write).toHaveBeenCalledTimes(1);
    } finally {
      write.mockRestore();
    }
  });

  it('uses PANEL_DEMO_PASSWORD when set, without printing it', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await seedIfEmpty(db, { ...START, demoPassword: DEMO_PASSWORD })).toBe(true);
      const printed = write.mock.calls.map(([text]) => String(text)).join('');
      expect(printed).toContain('PANEL_DEMO_PASSWORD');
      expect(printed).not.toContain(DEMO_PASSWORD);
      const { rows: users } = await db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'admin'");
      expect(await verifyPassword(users[0].password_hash, DEMO_PASSWORD)).toBe(true);
    } finally {
      write.mockRestore();
    }
  });
});

describe('module demo seeds', () => {
  it('run once per database, only where the shell demo was seeded, and a failing one leaves no trace', async () => {
    const { seedModuleDemos } = await import('../../src/server/platform/db/demo');
    const written: string[] = [];
    const seeds = [
      { name: 'test-demo-a', seed: async () => void written.push('a') },
      {
        name: 'test-demo-broken',
        seed: async (tx: { query(sql: string): Promise<unknown> }) => {
          await tx.query("INSERT INTO demo_seeds (name) VALUES ('test-demo-inside')");
          throw new Error('broken demo');
        },
      },
    ];
    await expect(seedModuleDemos(t.ctx.db, t.app, seeds)).rejects.toThrow('broken demo');
    expect(written).toEqual(['a']);
    await seedModuleDemos(t.ctx.db, t.app, seeds.slice(0, 1));
    expect(written).toEqual(['a']);
    const names = (await rows<{ name: string }>("SELECT name FROM demo_seeds WHERE name LIKE 'test-demo%' ORDER BY name")).map((row) => row.name);
    expect(names).toEqual(['test-demo-a']);

    const empty = await openDb({ dataDir: 'memory' });
    try {
      await seedModuleDemos(empty, t.app, seeds.slice(0, 1));
      expect(written).toEqual(['a']);
    } finally {
      await empty.close();
    }
  });
});
