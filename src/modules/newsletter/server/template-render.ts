import { sanitizeHtml } from '../../../server/platform/sanitizing/html';
import { escapeHtml } from './mailings/render';

/** A block as rendered: its values, with its image's absolute address (an upload or a layout picture). */
export interface RenderedBlock {
  type: string;
  text?: string;
  level?: number;
  content?: string;
  content_right?: string;
  alt?: string;
  url?: string;
  align?: string;
  imageUrl?: string | null;
}

/** The layout around the blocks: colours, font, header and footer (rich text), the header picture's address. */
export interface RenderedLayout {
  background_color: string;
  content_color: string;
  text_color: string;
  accent_color: string;
  font_family: string;
  header?: string;
  footer?: string;
  headerPictureUrl?: string | null;
}

// Unquoted: MJML copies them into style attributes, where a quote would end the attribute.
const FONTS: Record<string, string> = {
  sans: 'Arial, Helvetica, sans-serif',
  serif: 'Georgia, Times New Roman, serif',
  mono: 'Courier New, Courier, monospace',
};
const HEADING_SIZES: Record<number, number> = { 1: 28, 2: 22, 3: 18 };
const COLOUR = /^#[0-9a-fA-F]{6}$/;
const ALIGNS = new Set(['left', 'center', 'right']);

/** The panel's colours and font when a template has no layout. */
export const DEFAULT_LAYOUT: RenderedLayout = {
  background_color: '#f4f4f4',
  content_color: '#ffffff',
  text_color: '#222222',
  accent_color: '#1565c0',
  font_family: 'sans',
};

const colour = (value: string, fallback: string) => (COLOUR.test(value) ? value : fallback);
const align = (value: string | undefined) => (value && ALIGNS.has(value) ? value : 'left');
/** An address for href/src: http(s) (or mailto for a button) only, escaped; none otherwise. */
function address(value: string | null | undefined, mail = false): string | null {
  if (!value || !URL.canParse(value)) return null;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:' || (mail && protocol === 'mailto:') ? escapeHtml(value) : null;
}
/** Rich text of a block or layout, sanitised again on its way into the document whatever was stored. */
const richText = (html: string | undefined) => sanitizeHtml(html ?? '');

function blockMarkup(block: RenderedBlock, layout: RenderedLayout): string {
  const alignment = align(block.align);
  const accent = colour(layout.accent_color, DEFAULT_LAYOUT.accent_color);
  switch (block.type) {
    case 'heading': {
      const level = HEADING_SIZES[block.level ?? 2] ? (block.level ?? 2) : 2;
      return `<mj-section><mj-column><mj-text align="${alignment}" font-size="${HEADING_SIZES[level]}px" font-weight="700" line-height="1.3"><h${level} style="margin:0;font-size:inherit">${escapeHtml(block.text ?? '')}</h${level}></mj-text></mj-column></mj-section>`;
    }
    case 'text':
      return `<mj-section><mj-column><mj-text align="${alignment}">${richText(block.content)}</mj-text></mj-column></mj-section>`;
    case 'image': {
      const src = address(block.imageUrl);
      if (!src) return '';
      const href = address(block.url);
      return `<mj-section><mj-column><mj-image src="${src}" alt="${escapeHtml(block.alt ?? '')}" align="${alignment}"${href ? ` href="${href}"` : ''} fluid-on-mobile="true"></mj-image></mj-column></mj-section>`;
    }
    case 'button': {
      const href = address(block.url, true);
      if (!href) return '';
      return `<mj-section><mj-column><mj-button href="${href}" align="${alignment}" background-color="${accent}" color="#ffffff">${escapeHtml(block.text ?? '')}</mj-button></mj-column></mj-section>`;
    }
    case 'divider':
      return `<mj-section><mj-column><mj-divider border-color="${accent}" border-width="1px"></mj-divider></mj-column></mj-section>`;
    case 'columns':
      // Side by side on a desktop; one under the other on a phone (MJML's responsive columns).
      return `<mj-section><mj-column><mj-text align="${alignment}">${richText(block.content)}</mj-text></mj-column><mj-column><mj-text align="${alignment}">${richText(block.content_right)}</mj-text></mj-column></mj-section>`;
    case 'footer':
      return `<mj-section><mj-column><mj-divider border-color="${accent}" border-width="1px"></mj-divider><mj-text align="${alignment}" font-size="12px">${richText(block.content)}</mj-text></mj-column></mj-section>`;
    default:
      return '';
  }
}

/**
 * A newsletter template's e-mail HTML from its blocks in order, inside its layout: MJML made into
 * responsive, table-based markup with the CSS inlined. Every text users gave is escaped, every rich
 * text sanitised and every address checked here, so no block can put a script into the document.
 */
export async function renderTemplate(blocks: readonly RenderedBlock[], layout: RenderedLayout | null, title: string): Promise<string> {
  const look = layout ?? DEFAULT_LAYOUT;
  const text = colour(look.text_color, DEFAULT_LAYOUT.text_color);
  const accent = colour(look.accent_color, DEFAULT_LAYOUT.accent_color);
  const font = FONTS[look.font_family] ?? FONTS.sans;
  const header = [
    look.headerPictureUrl && address(look.headerPictureUrl)
      ? `<mj-image src="${address(look.headerPictureUrl)}" alt="" padding="0"></mj-image>`
      : '',
    look.header ? `<mj-text>${richText(look.header)}</mj-text>` : '',
  ].join('');
  const footer = look.footer ? `<mj-section><mj-column><mj-text font-size="12px">${richText(look.footer)}</mj-text></mj-column></mj-section>` : '';
  const source = `<mjml lang="pl">
  <mj-head>
    <mj-title>${escapeHtml(title)}</mj-title>
    <mj-attributes>
      <mj-all font-family="${font}"></mj-all>
      <mj-text color="${text}" font-size="15px" line-height="1.5"></mj-text>
      <mj-section background-color="${colour(look.content_color, DEFAULT_LAYOUT.content_color)}" padding="8px 0"></mj-section>
    </mj-attributes>
    <mj-style inline="inline">a { color: ${accent}; } p { margin: 0 0 12px; }</mj-style>
  </mj-head>
  <mj-body background-color="${colour(look.background_color, DEFAULT_LAYOUT.background_color)}" width="600px">
    ${header ? `<mj-section><mj-column>${header}</mj-column></mj-section>` : ''}
    ${blocks.map((block) => blockMarkup(block, look)).join('\n    ')}
    ${footer}
  </mj-body>
</mjml>`;
  // Loaded on the first render, not at start: MJML is a large part of an idle server's memory.
  const { default: mjml2html } = await import('mjml');
  const { html } = await mjml2html(source, { validationLevel: 'soft' });
  return html;
}
