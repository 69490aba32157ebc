import type { TemplateSettings } from '../../../../server/schema/flags';

/** The module permission of the home pages. */
export const MAIN_PAGES = 'main_pages';
/** The most sections one page holds, and items one section holds: what a page can show. */
export const MAX_SECTIONS = 100;
export const MAX_ITEMS = 200;

/**
 * What a section may show: the records of one site module. The component name is the module's
 * prefix in the calls (GET .../main_pages/items/{module_prefix}); `shown` is the field a record
 * must hold true to appear on the public page; `category` the reference a category section filters on.
 */
export interface Component {
  resource: string;
  /** The service module the records belong to: a service without it offers none of them. */
  module: string;
  label: string;
  text?: string;
  link?: string;
  shown?: string;
  category?: { resource: string; field: string };
}

export const COMPONENTS: Record<string, Component> = {
  news: { resource: 'news_items', module: 'news', label: 'title', text: 'lead', shown: 'published', category: { resource: 'news_categories', field: 'category_id' } },
  galleries: { resource: 'galleries', module: 'galleries', label: 'name', text: 'description', shown: 'published' },
  videos: { resource: 'videos', module: 'videos', label: 'title', text: 'description', shown: 'published' },
  scroll_banners: { resource: 'scroll_banners', module: 'scroll_banners', label: 'text', link: 'link', shown: 'active' },
  counter_banners: { resource: 'counter_banners', module: 'counter_banners', label: 'title', link: 'link', shown: 'active' },
  forms: { resource: 'forms', module: 'forms', label: 'name' },
};

/** A kind of section a page offers: the components its items may be, and its view variants (numbers). */
export interface SectionKind {
  section_prefix: string;
  components: string[];
  views: number[];
}

/** The view variants sections are drawn in: a list, or tiles. */
export const VIEWS = { list: 1, tiles: 2 } as const;

/**
 * The sections and containers a home page offers unless the template's settings.main_pages entry
 * names its own (`sections`, `containers`): one kind per site module, and one mixing them all.
 */
const DEFAULT_SECTIONS: SectionKind[] = [
  { section_prefix: 'aktualnosci', components: ['news'], views: [VIEWS.list, VIEWS.tiles] },
  { section_prefix: 'galerie', components: ['galleries'], views: [VIEWS.tiles, VIEWS.list] },
  { section_prefix: 'filmy', components: ['videos'], views: [VIEWS.tiles, VIEWS.list] },
  { section_prefix: 'banery', components: ['scroll_banners', 'counter_banners'], views: [VIEWS.list] },
  { section_prefix: 'formularze', components: ['forms'], views: [VIEWS.list] },
  { section_prefix: 'wyroznione', components: Object.keys(COMPONENTS), views: [VIEWS.tiles, VIEWS.list] },
];
const DEFAULT_CONTAINERS = ['glowny', 'boczny'];

/** A home page the template offers, with its sections and containers. */
export interface PageOffer {
  prefix: string;
  sections: SectionKind[];
  containers: string[];
}

interface PageSetting {
  prefix?: unknown;
  sections?: unknown;
  containers?: unknown;
}

const isKind = (value: unknown): value is SectionKind => {
  const kind = value as SectionKind;
  return (
    typeof kind?.section_prefix === 'string' &&
    Array.isArray(kind.components) &&
    kind.components.every((name) => typeof name === 'string' && name in COMPONENTS) &&
    Array.isArray(kind.views) &&
    kind.views.length > 0 &&
    kind.views.every(Number.isInteger)
  );
};

/** The home pages the template offers (settings.main_pages), each with what it may hold; malformed entries are skipped. */
export function pageOffers(settings: TemplateSettings | null): PageOffer[] {
  const pages = Array.isArray(settings?.main_pages) ? (settings.main_pages as PageSetting[]) : [];
  return pages
    .filter((page) => typeof page?.prefix === 'string' && /^[a-z0-9_]{1,64}$/.test(page.prefix))
    .map((page) => ({
      prefix: page.prefix as string,
      sections: Array.isArray(page.sections) && page.sections.every(isKind) && page.sections.length > 0 ? page.sections : DEFAULT_SECTIONS,
      containers:
        Array.isArray(page.containers) && page.containers.length > 0 && page.containers.every((name) => typeof name === 'string') ? (page.containers as string[]) : DEFAULT_CONTAINERS,
    }));
}
