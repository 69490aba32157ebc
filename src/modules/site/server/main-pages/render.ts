import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../../common/content/escape';
import { t } from '../../../../server/platform/http/errors';
import { VIEWS } from './catalogue';
import { pictureUri, type ItemRecord, type SectionRow } from './store';
import { visitCounterSnippet } from '../statistics/script';

/** A section as the page draws it: its row and the items it shows. */
export interface DrawnSection {
  section: SectionRow;
  items: ItemRecord[];
}

/** What every page of a site shares: its name, colour, footer links and the domain it is counted for. */
export interface SiteShell {
  siteName: string;
  /** The active colour version's colour (#RRGGBB), or null for the panel's default. */
  color: string | null;
  /** The footer's links to the site's other pages (its privacy policy), addresses relative to the home page. */
  links: { href: string; label: string }[];
  /** The domain the visit counter counts the page for (a public page of a service with the statistics); none for the builder's preview. */
  countedAs?: string;
}

export interface DrawnPage extends SiteShell {
  pageName: string;
  sections: DrawnSection[];
  /** Side containers: sections placed there are drawn in an aside beside the main column. */
  sideContainers: readonly string[];
}

const DEFAULT_COLOR = '#1B3A6B';
const HEX = /^#[0-9a-fA-F]{6}$/;


/** A link the page may carry: an absolute http(s) address, nothing else (no javascript:, no data:). */
function safeLink(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** WCAG relative luminance of #RRGGBB. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The text colour readable on a background: black or white, whichever contrasts more (WCAG AA for either on most colours). */
const textOn = (background: string) => (luminance(background) > 0.179 ? '#111111' : '#FFFFFF');

/**
 * The page's stylesheet: fixed rules, the template's colour, and one rule per section with a
 * background of its own. Every value put in comes checked (#RRGGBB, stored picture names).
 */
function styleSheet(page: SiteShell, sections: readonly DrawnSection[]): string {
  const color = page.color && HEX.test(page.color) ? page.color : DEFAULT_COLOR;
  const rules = [
    `:root{--brand:${color};--on-brand:${textOn(color)}}`,
    '*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;line-height:1.5;color:#111;background:#fff}',
    'header,footer{background:var(--brand);color:var(--on-brand);padding:1rem 1.5rem}header p{margin:0}h1{margin:0;font-size:1.75rem}',
    '.layout{display:grid;gap:1.5rem;padding:1.5rem;max-width:72rem;margin:0 auto}@media (min-width:48rem){.layout.with-side{grid-template-columns:3fr 1fr}}',
    'section{padding:1rem;border-radius:.5rem;margin-bottom:1.5rem;border:1px solid #ccc}section h2{display:flex;gap:.5rem;align-items:center;margin:0 0 .75rem}',
    'section h2 img{width:2rem;height:2rem;object-fit:contain}ul{list-style:none;margin:0;padding:0}li{padding:.5rem 0}',
    '.tiles ul{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr))}.tiles li{border:1px solid currentColor;border-radius:.5rem;padding:.75rem}',
    'h3{margin:0;font-size:1.1rem}a{color:inherit;text-decoration:underline}p.empty{font-style:italic}footer nav ul{display:flex;gap:1rem}',
  ];
  for (const { section } of sections) {
    const background = section.background_color && HEX.test(section.background_color) ? section.background_color : null;
    const picture = pictureUri(section.background_file);
    if (!background && !picture) continue;
    const base = background ?? '#FFFFFF';
    rules.push(
      `#sekcja-${Number(section.id)}{background-color:${base};color:${textOn(base)}${picture ? `;background-image:url("${picture}");background-size:cover;background-position:center` : ''}}`,
    );
  }
  return rules.join('\n');
}

/**
 * The page's <head>: one place, so what the site's analyses add (a script of the WCAG assistant,
 * the visit counter) goes in here, with the Content-Security-Policy sources it needs.
 */
export function pageHead(title: string, style: string, countedAs?: string): string {
  const counter = countedAs === undefined ? '' : visitCounterSnippet(countedAs);
  return `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style>${counter}</head>`;
}

function drawItem(item: ItemRecord): string {
  const link = safeLink(item.link);
  const name = escapeHtml(item.name || t('app.main_pages.public.untitled'));
  const heading = link ? `<a href="${escapeHtml(link)}">${name}</a>` : name;
  return `<li><h3>${heading}</h3>${item.text ? `<p>${escapeHtml(item.text)}</p>` : ''}</li>`;
}

function drawSection({ section, items }: DrawnSection): string {
  const id = Number(section.id);
  const icon = pictureUri(section.icon_file);
  const kind = Number(section.view_prefix) === VIEWS.tiles ? 'tiles' : 'list';
  const list = items.length ? `<ul>${items.map(drawItem).join('')}</ul>` : `<p class="empty">${escapeHtml(t('app.main_pages.public.empty_section'))}</p>`;
  return `<section id="sekcja-${id}" class="${kind}"><h2>${icon ? `<img src="${escapeHtml(icon)}" alt="">` : ''}${escapeHtml(section.name)}</h2>${list}</section>`;
}

/**
 * A page of the site as the public sees it: the header with the site's name and the page's, the
 * content, the footer with its links. No script but the visit counter's, nothing from another
 * origin; the one stylesheet is inline and allowed by its hash in the page's Content-Security-Policy.
 */
function renderSitePage(shell: SiteShell, pageName: string, content: { main: string; side?: string }, sections: readonly DrawnSection[] = []): { html: string; csp: string } {
  const style = styleSheet(shell, sections);
  const title = `${pageName} – ${shell.siteName}`;
  const links = shell.links.length
    ? `<nav aria-label="${escapeHtml(t('app.main_pages.public.footer_links'))}"><ul>${shell.links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`).join('')}</ul></nav>`
    : '';
  const html =
    `<!doctype html><html lang="pl">${pageHead(title, style, shell.countedAs)}<body>` +
    `<header><h1>${escapeHtml(shell.siteName)}</h1><p>${escapeHtml(pageName)}</p></header>` +
    `<div class="layout${content.side ? ' with-side' : ''}"><main>${content.main}</main>` +
    (content.side ? `<aside aria-label="${escapeHtml(t('app.main_pages.public.side'))}">${content.side}</aside>` : '') +
    `</div><footer><p>${escapeHtml(shell.siteName)}</p>${links}</footer></body></html>`;
  const hash = createHash('sha256').update(style).digest('base64');
  // The visit counter's script and its page views come from and go to the panel itself.
  const counter = shell.countedAs === undefined ? '' : "; script-src 'self'; connect-src 'self'";
  const csp = `default-src 'none'; img-src 'self'; style-src 'sha256-${hash}'${counter}; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;
  return { html, csp };
}

/**
 * A home page as the public sees it (GET /strona/{domain}/...) and the builder previews it: the
 * sections switched on, in order, each with its items; the template's colour in the header and
 * footer, every text escaped.
 */
export function renderPage(page: DrawnPage): { html: string; csp: string } {
  const main = page.sections.filter(({ section }) => !page.sideContainers.includes(section.container_prefix));
  const side = page.sections.filter(({ section }) => page.sideContainers.includes(section.container_prefix));
  const mainContent = main.length ? main.map(drawSection).join('') : `<p class="empty">${escapeHtml(t('app.main_pages.public.empty_page'))}</p>`;
  return renderSitePage(page, page.pageName, { main: mainContent, side: side.length ? side.map(drawSection).join('') : undefined }, page.sections);
}

/** A page of the site's own text (its privacy policy): the heading, then the HTML as the site's editor wrote it, sanitised. */
export function renderTextPage(shell: SiteShell, pageName: string, sanitisedHtml: string): { html: string; csp: string } {
  return renderSitePage(shell, pageName, { main: `<h2>${escapeHtml(pageName)}</h2>${sanitisedHtml}` });
}
