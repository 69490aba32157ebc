/** A file type recognised by its first bytes, never by the name or MIME type it came with. */
export interface FileSignature {
  type: string;
  extension: string;
  matches(head: Buffer): boolean;
}

/** How many leading bytes detectFileType needs. */
export const SIGNATURE_BYTES = 64;

/** ISO base media brands of MP4 video a browser plays (not HEIC or AVIF pictures, which are ISO files too). */
const MP4_BRANDS = ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4'];
/** A Matroska file whose EBML header names the WebM document type (within its first bytes). */
const isWebm = (h: Buffer) => h.readUInt32BE(0) === 0x1a45dfa3 && h.subarray(4, SIGNATURE_BYTES).includes(Buffer.from([0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]));
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** WebVTT: "WEBVTT" (after an optional byte order mark), then the end, a space, a tab or a line break. */
function isWebVtt(h: Buffer): boolean {
  const text = h.subarray(h.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0);
  return text.subarray(0, 6).toString('latin1') === 'WEBVTT' && (text.length === 6 || [0x20, 0x09, 0x0a, 0x0d].includes(text[6]));
}

const SIGNATURES: FileSignature[] = [
  { type: 'image/png', extension: 'png', matches: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', extension: 'jpg', matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { type: 'image/gif', extension: 'gif', matches: (h) => ['GIF87a', 'GIF89a'].includes(h.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', extension: 'webp', matches: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', extension: 'pdf', matches: (h) => h.subarray(0, 5).toString('latin1') === '%PDF-' },
  { type: 'video/mp4', extension: 'mp4', matches: (h) => h.subarray(4, 8).toString('latin1') === 'ftyp' && MP4_BRANDS.includes(h.subarray(8, 12).toString('latin1')) },
  { type: 'video/webm', extension: 'webm', matches: (h) => h.length >= 4 && isWebm(h) },
  { type: 'text/vtt', extension: 'vtt', matches: isWebVtt },
];

/** The accepted type the file's first bytes show, if any. */
export function detectFileType(head: Buffer, accept: readonly string[]): FileSignature | undefined {
  return SIGNATURES.find((signature) => accept.includes(signature.type) && signature.matches(head));
}

/** The content type of a stored file, from the extension its signature gave it. */
export function contentTypeOf(extension: string): string | undefined {
  return SIGNATURES.find((signature) => signature.extension === extension)?.type;
}
