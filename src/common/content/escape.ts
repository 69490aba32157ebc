const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attribute values alike (the pages and documents the server draws). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character]);
