import type { FastifyReply } from 'fastify';
import type { FileStore } from '../../../server/platform/files/store';
import { detectFileType } from '../../../server/platform/files/signatures';
import { httpError } from '../../../server/platform/http/errors';

/** Types a browser may show in place from the panel's origin: pictures and PDF, recognised by their first bytes at upload. */
const SHOWN_IN_PLACE = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'];

/** A Content-Disposition that keeps a Polish name (RFC 6266: an ASCII fallback and the UTF-8 name). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored object sent as the tenant's file, never as a page of the panel: an attachment unless
 * it is a picture or a PDF asked for in place, no sniffing, sandboxed should a browser render it.
 */
export async function sendStored(
  files: FileStore,
  reply: FastifyReply,
  file: { storageKey: string; name: string; contentType: string | null },
  wanted: 'inline' | 'attachment',
): Promise<FastifyReply> {
  const object = await files.open(file.storageKey);
  if (!object) throw httpError(404, 'resources.disk.errors.not_found');
  const contentType = file.contentType ?? 'application/octet-stream';
  const kind = wanted === 'inline' && SHOWN_IN_PLACE.includes(contentType) ? 'inline' : 'attachment';
  return reply
    .header('Content-Type', contentType)
    .header('Content-Length', object.length)
    .header('Content-Disposition', disposition(kind, file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store')
    .send(object.stream);
}

/** Common types known by their extension only. */
const BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

/**
 * The content type of an upload: its first bytes for the types shown in place (so a renamed file is
 * never shown as what it is not), else a few common ones by extension.
 */
export function contentTypeOf(head: Buffer, name: string): string {
  const recognised = detectFileType(head, SHOWN_IN_PLACE)?.type;
  if (recognised) return recognised;
  const dot = name.lastIndexOf('.');
  return (dot > 0 && BY_EXTENSION[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}
