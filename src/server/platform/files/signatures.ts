/** A file type recognised by its first bytes, never by the name or MIME type it came with. */
export interface FileSignature {
  type: string;
  extension: string;
  matches(head: Buffer): boolean;
}

/** How many leading bytes detectFileType needs. */
export const SIGNATURE_BYTES = 16;

const SIGNATURES: FileSignature[] = [
  { type: 'image/png', extension: 'png', matches: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', extension: 'jpg', matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { type: 'image/gif', extension: 'gif', matches: (h) => ['GIF87a', 'GIF89a'].includes(h.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', extension: 'webp', matches: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', extension: 'pdf', matches: (h) => h.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** The accepted type the file's first bytes show, if any. */
export function detectFileType(head: Buffer, accept: readonly string[]): FileSignature | undefined {
  return SIGNATURES.find((signature) => accept.includes(signature.type) && signature.matches(head));
}

/** The content type of a stored file, from the extension its signature gave it. */
export function contentTypeOf(extension: string): string | undefined {
  return SIGNATURES.find((signature) => signature.extension === extension)?.type;
}
