import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_UPLOAD_FOLDER, type AdminFile, type ModuleSchema } from '../../common/schema';
import { contentTypeOf, detectFileType, SIGNATURE_BYTES } from '../files/signatures';
import { httpError } from '../http/errors';
import { assertStorableText } from '../http/text';

// Stored names are ours alone: 32 random hex digits and the extension the signature gave.
const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

function folderPath(dataDir: string, folder: string): string {
  return path.join(dataDir, folder);
}

/** Where a stored file is served (no auth: the random name is the secret, as for <img> tags). */
export function uploadUri(spec: AdminFile, name: string | null): string | null {
  return name ? spec.uri.replace('{name}', name) : null;
}

/** A file received and checked, waiting in a temporary file until the record is saved. */
export interface ReceivedFile {
  field: string;
  folder: string;
  temporaryPath: string;
  extension: string;
}

export interface ParsedBody {
  body: unknown;
  files: ReceivedFile[];
}

/**
 * Reads a JSON body, or a multipart one (`payload` JSON plus `file`, or parts named as the
 * module's file fields). Each file is streamed to DATA_DIR/uploads/.tmp-<random> with the
 * field's size limit and must really be one of the field's accepted types.
 */
export async function readBody(request: FastifyRequest, module: ModuleSchema, dataDir: string): Promise<ParsedBody> {
  if (!request.isMultipart()) return { body: request.body ?? {}, files: [] };
  const fileFields = Object.entries(module.admin.files);
  const files: ReceivedFile[] = [];
  let body: unknown = {};
  try {
    const largest = Math.max(1, ...fileFields.map(([, spec]) => spec.maxBytes));
    for await (const part of formParts(request.parts({ limits: { fileSize: largest, files: fileFields.length || 1, fields: 5 } }))) {
      if (part.type === 'field') {
        if (part.fieldname !== 'payload') continue;
        try {
          body = JSON.parse(String(part.value));
        } catch {
          throw httpError(400, 'errors.payload_invalid');
        }
        assertStorableText(body);
        continue;
      }
      const entry = part.fieldname === 'file' ? fileFields[0] : fileFields.find(([name]) => name === part.fieldname);
      if (!entry) {
        part.file.resume();
        throw httpError(400, 'errors.invalid_request');
      }
      files.push(await receiveFile(part.file, entry[0], entry[1], dataDir));
    }
  } catch (error) {
    await discard(files);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, 'errors.file_too_large');
    throw error;
  }
  return { body, files };
}

/** Errors the multipart parser raises without a status (no boundary, cut-off body) are the client's: 400. */
async function* formParts<Part>(parts: AsyncIterable<Part>): AsyncGenerator<Part> {
  try {
    yield* parts;
  } catch (error) {
    throw (error as { statusCode?: number }).statusCode === undefined ? httpError(400, 'errors.invalid_request') : error;
  }
}

async function receiveFile(stream: Readable & { truncated?: boolean }, field: string, spec: AdminFile, dataDir: string): Promise<ReceivedFile> {
  const dir = folderPath(dataDir, spec.folder);
  await mkdir(dir, { recursive: true });
  const temporaryPath = path.join(dir, `.tmp-${randomBytes(12).toString('hex')}`);
  let head = Buffer.alloc(0);
  let size = 0;
  const received: ReceivedFile = { field, folder: spec.folder, temporaryPath, extension: '' };
  try {
    await pipeline(
      stream,
      async function* (source: AsyncIterable<Buffer | string>) {
        for await (const piece of formParts(source)) {
          const chunk = Buffer.from(piece);
          size += chunk.length;
          if (size > spec.maxBytes) throw httpError(413, 'errors.file_too_large');
          if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_BYTES);
          yield chunk;
        }
      },
      createWriteStream(temporaryPath, { flags: 'wx' }),
    );
    if (stream.truncated) throw httpError(413, 'errors.file_too_large');
    if (size === 0) throw httpError(400, 'errors.file_required');
    const kind = detectFileType(head, spec.accept);
    if (!kind) throw httpError(415, 'errors.file_type');
    received.extension = kind.extension;
    return received;
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

/** The random name a checked file will be stored under. */
export function newStoredName(file: ReceivedFile): string {
  return `${randomBytes(16).toString('hex')}.${file.extension}`;
}

/** Moves a checked file into place under its stored name (the last step before its record commits). */
export async function moveIntoPlace(file: ReceivedFile, name: string, dataDir: string): Promise<void> {
  await rename(file.temporaryPath, path.join(folderPath(dataDir, file.folder), name));
}

export async function discard(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.temporaryPath, { force: true })));
}

export async function deleteStoredFile(name: string | null | undefined, dataDir: string, spec: AdminFile): Promise<void> {
  if (name && STORED_NAME.test(name)) await rm(path.join(folderPath(dataDir, spec.folder), name), { force: true });
}

/** GET /uploads/:name serves the default folder's files with the type their signature gave them. */
export function serveUploads(app: FastifyInstance): void {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!STORED_NAME.test(name)) throw httpError(404, 'errors.not_found');
    const file = path.join(folderPath(app.ctx.config.dataDir, DEFAULT_UPLOAD_FOLDER), name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw httpError(404, 'errors.not_found');
    return reply
      .header('Content-Type', contentTypeOf(name.split('.').pop() ?? '') ?? 'application/octet-stream')
      .header('Content-Length', info.size)
      .header('Content-Disposition', 'inline')
      .send(createReadStream(file));
  });
}
