import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AdminFile, ModuleSchema } from '../../common/schema';
import { detectFileType } from '../platform/files/signatures';
import { httpError } from '../platform/http/errors';
import { assertStorableText } from '../platform/http/text';
import { makeThumbnails } from '../platform/files/images';
import { checkFileRules } from './file-rules';
import type { FileStore, TemporaryObject } from '../platform/files/store';

/**
 * The one file a multipart request sends in part `file`, its stream cut at maxBytes (and marked
 * truncated); 400 for a malformed body or no such part. The caller answers a request that is not
 * multipart at all.
 */
export async function filePart(request: FastifyRequest, maxBytes: number) {
  const upload = await request.file({ limits: { fileSize: maxBytes } }).catch((error: { statusCode?: number }) => {
    // Busboy's parse errors (no boundary, broken headers) carry no status: the body is malformed.
    throw error.statusCode && error.statusCode < 500 ? error : httpError(400, 'errors.invalid_request');
  });
  if (!upload || upload.fieldname !== 'file') {
    // Drained, so the request ends rather than waiting on an unread part.
    upload?.file.resume();
    throw httpError(400, 'errors.file_required');
  }
  return upload;
}

/** A file received and checked, waiting as a temporary object (with its thumbnails) until the record is saved. */
export interface ReceivedFile {
  field: string;
  temporary: TemporaryObject;
  extension: string;
  thumbnails: Map<string, TemporaryObject>;
}

export interface ParsedBody {
  body: unknown;
  files: ReceivedFile[];
}

/**
 * Reads a JSON body, or a multipart one (`payload` JSON plus `file`, or parts named as the
 * module's file fields). Each file is streamed to a temporary object with the field's size
 * limit and must really be one of the field's accepted types.
 */
export async function readBody(request: FastifyRequest, module: ModuleSchema, store: FileStore): Promise<ParsedBody> {
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
      files.push(await receiveFile(request, module, part.file, entry[0], entry[1], store));
    }
  } catch (error) {
    await discard(store, files);
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

export interface UploadRules {
  accept: readonly string[];
  maxBytes: number;
  /** The 415 detail for a file of another type. */
  refusal: string;
}

/** An upload as a checked temporary object: within its limit (413), not empty (400), of an accepted type (415). */
export async function receiveUpload(stream: Readable & { truncated?: boolean }, rules: UploadRules, store: FileStore) {
  const temporary = await store.putTemporary(stream, rules.maxBytes);
  try {
    // Busboy ends the stream at the request's fileSize limit and marks it truncated.
    if (stream.truncated) throw httpError(413, 'errors.file_too_large');
    if (temporary.bytes === 0) throw httpError(400, 'errors.file_required');
    const kind = detectFileType(temporary.head, rules.accept);
    if (!kind) throw httpError(415, rules.refusal);
    return { temporary, extension: kind.extension };
  } catch (error) {
    await store.delete(temporary.key);
    throw error;
  }
}

async function receiveFile(
  request: FastifyRequest,
  module: ModuleSchema,
  stream: Readable & { truncated?: boolean },
  field: string,
  spec: AdminFile,
  store: FileStore,
): Promise<ReceivedFile> {
  const { temporary, extension } = await receiveUpload(stream, { accept: spec.accept, maxBytes: spec.maxBytes, refusal: 'errors.file_type' }, store);
  // The service's own rules for the field (a template's image size), then its thumbnails.
  const thumbnails = await checkFileRules(request, module, field, temporary, store)
    .then(() => makeThumbnails(store, temporary, spec.thumbnails))
    .catch(async (error: unknown) => {
      await store.delete(temporary.key);
      throw error;
    });
  return { field, temporary, extension, thumbnails };
}

/** Removes what is left of received files (nothing, once they were committed). */
export async function discard(store: FileStore, files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.flatMap((file) => [file.temporary, ...file.thumbnails.values()].map((object) => store.delete(object.key))));
}
