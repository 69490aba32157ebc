import { demoServiceId, type ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { PANEL_TIME_ZONE } from '../../../../common/panel-time';
import { rollUpIn, rollUpMonths } from './rollup';

/** Page views on an average weekday of the demo year, before the season and the day of the week shape them. */
const WEEKDAY_VIEWS = 140;

/** The pages with their share of views, as cumulative bounds of a random number. */
const PAGES: Array<[path: string, upTo: number]> = [
  ['/', 0.34],
  ['/aktualnosci', 0.5],
  ['/aktualnosci/dzien-otwarty', 0.58],
  ['/aktualnosci/koncert-w-parku', 0.64],
  ['/oferta', 0.74],
  ['/kontakt', 0.84],
  ['/o-nas', 0.91],
  ['/galeria', 0.97],
  ['/deklaracja-dostepnosci', 1],
];
const SOURCES: Array<[kind: string, name: string, upTo: number]> = [
  ['direct', '', 0.4],
  ['search', 'Google', 0.7],
  ['search', 'Bing', 0.74],
  ['search', 'DuckDuckGo', 0.76],
  ['social', 'Facebook', 0.85],
  ['social', 'Instagram', 0.88],
  ['referral', 'gmina.example.pl', 0.92],
  ['referral', 'mapy.example.com', 0.94],
  ['campaign', 'newsletter', 1],
];

/** Days before today whose page views are stored raw (and rolled up by the job's own rollup); the rest of the year is written as rollups. */
const RAW_DAYS = 7;
/** Visits per visitor a day, and views per visitor of one page or source. */
const VIEWS_PER_VISITOR = 1.6;
const VIEWS_PER_PAGE_VISITOR = 1.25;
/** Polish opening hours of the demo's visits: 7:00 to 23:00. */
const FIRST_HOUR = 7;
const HOURS = 16;

/** A CASE choosing by a random number among cumulative bounds (the values are this file's constants, never input). */
const pick = (random: string, choices: Array<[string, number]>) => `CASE ${choices.map(([value, upTo]) => `WHEN ${random} < ${upTo} THEN '${value}'`).join(' ')} END`;

/** Rows (value, lower bound, upper bound) of cumulative shares, to split a day's views exactly: floor(views × upper) − floor(views × lower). */
const shares = (choices: Array<[string, number]>) =>
  `(VALUES ${choices.map(([value, upTo], index) => `('${value}', ${index === 0 ? 0 : choices[index - 1][1]}::float8, ${upTo}::float8)`).join(', ')}) AS share (value, lower_bound, upper_bound)`;
const part = 'floor(d.views * share.upper_bound) - floor(d.views * share.lower_bound)';

const SOURCE_CHOICES = SOURCES.map(([kind, name, upTo]): [string, number] => [`${kind}|${name}`, upTo]);
const HOUR_CHOICES = Array.from({ length: HOURS }, (_, index): [string, number] => [String(FIRST_HOUR + index), (index + 1) / HOURS]);

/**
 * A year of plausible visits of klient's site: fewer at weekends and in summer, more in autumn,
 * noise from day to day, pages and sources in fixed shares. The last days are page views generated
 * in SQL and rolled up by the job's own rollup (the retention keeps them); the year before them is
 * written as rollups directly, so the demo seeds in a moment on the embedded database.
 */
export const statisticsDemo: ModuleDemoSeed = {
  name: 'site-statistics',
  async seed(tx, api) {
    const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
    await tx.query(
      `CREATE TEMPORARY TABLE demo_visit_days ON COMMIT DROP AS
       SELECT day::date AS day,
              round($1 * CASE extract(isodow FROM day) WHEN 6 THEN 0.55 WHEN 7 THEN 0.45 ELSE 1 END
                       * (1 + 0.25 * cos(2 * pi() * (extract(doy FROM day) - 300) / 365.0))
                       * (0.8 + random() * 0.4))::int AS views
         FROM generate_series((now() AT TIME ZONE '${PANEL_TIME_ZONE}')::date - 364, (now() AT TIME ZONE '${PANEL_TIME_ZONE}')::date, interval '1 day') AS day`,
      [WEEKDAY_VIEWS],
    );
    const past = `d.day < (now() AT TIME ZONE '${PANEL_TIME_ZONE}')::date - ${RAW_DAYS}`;
    await tx.query(
      `INSERT INTO site_visit_days (client_service_id, day, visits, visitors)
       SELECT $1, d.day, d.views, ceil(d.views / ${VIEWS_PER_VISITOR}) FROM demo_visit_days d WHERE ${past}`,
      [serviceId],
    );
    await tx.query(
      `INSERT INTO site_visit_hours (client_service_id, hour, visits, visitors)
       SELECT $1, (d.day + share.value::int * interval '1 hour')::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}', ${part}, ceil((${part}) / ${VIEWS_PER_PAGE_VISITOR})
         FROM demo_visit_days d, ${shares(HOUR_CHOICES)} WHERE ${past} AND ${part} > 0`,
      [serviceId],
    );
    await tx.query(
      `INSERT INTO site_visit_day_pages (client_service_id, day, path, visits, visitors)
       SELECT $1, d.day, share.value, ${part}, ceil((${part}) / ${VIEWS_PER_PAGE_VISITOR})
         FROM demo_visit_days d, ${shares(PAGES)} WHERE ${past} AND ${part} > 0`,
      [serviceId],
    );
    await tx.query(
      `INSERT INTO site_visit_day_sources (client_service_id, day, source_kind, source_name, visits, visitors)
       SELECT $1, d.day, split_part(share.value, '|', 1), split_part(share.value, '|', 2), ${part}, ceil((${part}) / ${VIEWS_PER_PAGE_VISITOR})
         FROM demo_visit_days d, ${shares(SOURCE_CHOICES)} WHERE ${past} AND ${part} > 0`,
      [serviceId],
    );
    await tx.query(
      `INSERT INTO site_visit_events (client_service_id, occurred_at, path, source_kind, source_name, screen, visitor)
       SELECT $1, at, path, split_part(source, '|', 1), split_part(source, '|', 2), screen, visitor FROM (
         SELECT (d.day + (${FIRST_HOUR} + ${HOURS} * random()) * interval '1 hour')::timestamp AT TIME ZONE '${PANEL_TIME_ZONE}' AS at,
                ${pick('random()', PAGES)} AS path,
                ${pick('random()', SOURCE_CHOICES)} AS source,
                ${pick('random()', [['phone', 0.45], ['tablet', 0.55], ['desktop', 0.95], ['wide', 1]])} AS screen,
                -- One of as many visitors as views: about 1.6 views per visitor who came (1 / (1 - 1/e)).
                md5(d.day::text || floor(random() * d.views)::text) AS visitor
           FROM demo_visit_days d, generate_series(1, d.views) WHERE NOT (${past})) generated
        WHERE at <= now()`,
      [serviceId],
    );
    const { rows } = await tx.query<{ first: string }>("SELECT to_char(min(day), 'YYYY-MM-DD') AS first FROM demo_visit_days");
    await rollUpMonths(tx, rows[0].first);
    // The job's first run starts at the oldest raw event: the days written above stay as they are.
    await rollUpIn(tx, api.ctx.config.statsRawRetentionDays);
  },
};
