/** Where the panel serves the counting script, and where the script sends page views. */
export const SCRIPT_PATH = '/stats/s.js';
export const HIT_PATH = '/stats/:domain/hit';

/**
 * The script a site embeds (under 1 kB gzipped): it sends each page view (also those of a single-page
 * site's history.pushState) to the panel that served it, for the domain of its data-domain attribute,
 * with sendBeacon (a text body, which needs no CORS preflight), and sends nothing when the visitor
 * asks not to be tracked (Do Not Track, Global Privacy Control). No cookie, no storage.
 */
export const COUNTER_SCRIPT = `(function(){var s=document.currentScript,n=navigator,w=window,l=w.location,h=w.history,last;
if(!s||n.doNotTrack=="1"||w.doNotTrack=="1"||n.globalPrivacyControl)return;
var e=new URL(s.src).origin+"/api/stats/"+encodeURIComponent(s.getAttribute("data-domain")||l.hostname)+"/hit";
function v(){if(l.href===last)return;var b=JSON.stringify({u:l.href,r:last||document.referrer,w:w.innerWidth});last=l.href;
if(n.sendBeacon&&n.sendBeacon(e,b))return;fetch(e,{method:"POST",body:b,keepalive:true,mode:"no-cors"})}
var p=h.pushState;h.pushState=function(){p.apply(h,arguments);v()};w.addEventListener("popstate",v);v()})();
`;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The tag a site's pages carry to be counted: the panel's script for `domain` (any of the service's
 * domains), from `panelUrl` (the panel's public address; none: the page is the panel's own).
 */
export function visitCounterSnippet(domain: string, panelUrl = ''): string {
  return `<script defer src="${escapeAttribute(panelUrl.replace(/\/$/, ''))}/api${SCRIPT_PATH}" data-domain="${escapeAttribute(domain)}"></script>`;
}
