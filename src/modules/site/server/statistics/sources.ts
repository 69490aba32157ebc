/** Where a page view came from, as the sources screen groups them. */
export const SOURCE_KINDS = ['direct', 'search', 'social', 'referral', 'campaign'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export interface Source {
  kind: SourceKind;
  /** The search engine, the social network, the other site's host or the campaign's utm_source; '' for direct visits. */
  name: string;
}

/** The campaign parameters of a page's address (Google Analytics' utm_*). */
export interface Campaign {
  source?: string;
  medium?: string;
  campaign?: string;
}

/** Hosts by the name they are shown under: a host matches when its name part (e.g. `google` in www.google.pl) is listed. */
const SEARCH_ENGINES: Record<string, string> = {
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  yahoo: 'Yahoo',
  yandex: 'Yandex',
  ecosia: 'Ecosia',
  baidu: 'Baidu',
  qwant: 'Qwant',
  brave: 'Brave Search',
  startpage: 'Startpage',
  seznam: 'Seznam',
};
const SOCIAL_NETWORKS: Record<string, string> = {
  facebook: 'Facebook',
  fb: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  x: 'X (Twitter)',
  't.co': 'X (Twitter)',
  linkedin: 'LinkedIn',
  lnkd: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  wykop: 'Wykop',
  threads: 'Threads',
  bsky: 'Bluesky',
  mastodon: 'Mastodon',
};
/** Public suffixes of two labels our sites' visitors meet (google.com.pl, bbc.co.uk). */
const SECOND_LEVEL = new Set(['com', 'co', 'org', 'net', 'gov', 'edu', 'ac']);

/** The name part of a host: `google` of www.google.com.pl, `t.co` kept whole (too short to split). */
function hostName(host: string): string {
  if (host === 't.co') return host;
  const labels = host.split('.');
  if (labels.length >= 3 && SECOND_LEVEL.has(labels[labels.length - 2])) return labels[labels.length - 3];
  return labels.length >= 2 ? labels[labels.length - 2] : host;
}

const MAX_NAME = 100;
const clean = (value: string) => value.trim().toLowerCase().slice(0, MAX_NAME);

/**
 * Classifies a page view: campaigns by their utm_source (or utm_campaign), then by the referring
 * page: none, or the site itself (one of `ownHosts`), is direct; a known search engine or social
 * network by its name; any other site by its host (without www.).
 */
export function classifySource(referrer: string | undefined, campaign: Campaign, ownHosts: readonly string[]): Source {
  const tagged = campaign.source ?? campaign.campaign;
  if (tagged && clean(tagged)) return { kind: 'campaign', name: clean(tagged) };
  let host: string;
  try {
    const url = new URL(referrer ?? '');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'direct', name: '' };
    host = url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return { kind: 'direct', name: '' };
  }
  if (ownHosts.some((own) => own.toLowerCase() === host)) return { kind: 'direct', name: '' };
  const name = hostName(host);
  if (SEARCH_ENGINES[name]) return { kind: 'search', name: SEARCH_ENGINES[name] };
  if (SOCIAL_NETWORKS[name] || SOCIAL_NETWORKS[host]) return { kind: 'social', name: SOCIAL_NETWORKS[name] ?? SOCIAL_NETWORKS[host] };
  return { kind: 'referral', name: host.replace(/^www\./, '').slice(0, MAX_NAME) };
}
