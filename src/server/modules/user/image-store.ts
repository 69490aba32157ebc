import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { IMAGE_TYPES } from '../../../common/schema/registry';
import { contentTypeOf, detectFileType, SIGNATURE_BYTES } from '../../files/signatures';
import { httpError } from '../../http/errors';

/** Stored names: 32 random hex digits and the detected extension; nothing else is ever read from disk. */
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

async function detectImageKind(file: string) {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SIGNATURE_BYTES), 0, SIGNATURE_BYTES, 0);
    return detectFileType(buffer.subarray(0, bytesRead), IMAGE_TYPES);
  } finally {
    await handle.close();
  }
}

export interface ImageStore {
  /** Writes an uploaded image to a temporary file, checks it is an image, moves it into place; returns its name. */
  save(upload: MultipartFile): Promise<string>;
  remove(name: string): Promise<void>;
  /** Sends a stored image with its content type; 404 for any name the store did not make. */
  send(name: string, reply: FastifyReply): Promise<FastifyReply>;
}

/** Images uploaded by users (avatars, photos) under one directory of DATA_DIR, with unguessable names. */
export function createImageStore(dir: string): ImageStore {
  return {
    async save(upload) {
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.upload-${randomBytes(12).toString('hex')}`);
      try {
        await pipeline(upload.file, createWriteStream(temporary, { flags: 'wx', mode: 0o600 })).catch((error: { syscall?: string }) => {
          // A file-system error is ours (500); anything else is a malformed body cut short (400).
          throw error.syscall ? error : httpError(400, 'errors.invalid_request');
        });
        // Busboy ends the stream at the request's fileSize limit and marks it truncated.
        if (upload.file.truncated) throw httpError(413, 'errors.too_large');
        const kind = await detectImageKind(temporary);
        if (!kind) throw httpError(415, 'errors.image_not_supported');
        const name = `${randomBytes(16).toString('hex')}.${kind.extension}`;
        await rename(temporary, path.join(dir, name));
        return name;
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(name) {
      if (STORED_NAME.test(name)) await rm(path.join(dir, name), { force: true });
    },
    async send(name, reply) {
      const match = STORED_NAME.exec(name);
      const contentType = match && contentTypeOf(match[1]);
      if (!contentType) throw httpError(404, 'errors.not_found');
      const data = await readFile(path.join(dir, name)).catch(() => {
        throw httpError(404, 'errors.not_found');
      });
      return reply.type(contentType).send(data);
    },
  };
}
