import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../../config';
import { contentTypeOf, SIGNATURE_BYTES } from './signatures';
import { httpError } from '../http/errors';
import { localBackend } from './local';
import { s3Backend } from './s3';
import type { SignedLinks } from './signed-links';

/** An object as the store hands it out for sending. */
export interface StoredObject {
  stream: Readable;
  contentType: string;
  length: number;
}

/** An upload written to a temporary object: its key, size and first bytes (for the signature check). */
export interface TemporaryObject {
  key: string;
  bytes: number;
  head: Buffer;
}

/** Where the bytes live; the store around it names, checks and signs. */
export interface StoreBackend {
  /** Writes a whole stream (already size-limited) under a key. */
  write(key: string, source: Readable): Promise<void>;
  /** Moves an object to another key (the temporary one is gone afterwards). */
  move(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The object's bytes and length, or null when there is none. */
  read(key: string): Promise<{ stream: Readable; length: number } | null>;
  /** The keys under a prefix written before a moment. */
  listOlderThan(prefix: string, before: Date): Promise<string[]>;
}

export interface FileStore {
  /** Writes an upload to a temporary object; more than maxBytes answers 413 and leaves nothing. */
  putTemporary(source: Readable, maxBytes: number): Promise<TemporaryObject>;
  /** Puts a temporary object under its final key (the step just before its record commits). */
  commit(temporaryKey: string, key: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The object with the content type its extension gives; null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  /** A short-lived address of a private object (/api/files/signed); hand it out only after the caller's tenant check. */
  signedUrl(key: string, ttlSeconds?: number): string;
  /** The key a token of such an address was made for, or null when it is not one, is tampered with or expired. */
  verifySigned(token: string): string | null;
  /** Deletes temporary objects older than maxAgeSeconds (left by a server stopped mid-upload); returns how many. */
  sweepTemporary(maxAgeSeconds: number): Promise<number>;
}

/** Stored names are ours alone: 32 random hex digits, a derivative's suffix, the extension the signature gave. */
export const STORED_NAME = /^[0-9a-f]{32}(-[a-z0-9]{1,32})?\.[a-z0-9]{2,5}$/;
/** Keys: lower-case path segments ending in a stored name (no "..", no absolute paths). */
const KEY = /^([a-z0-9_-]+\/)+[0-9a-f]{24,32}(-[a-z0-9]{1,32})?(\.[a-z0-9]{2,5})?$/;
const TEMPORARY_AREA = 'tmp-uploads';
export const SIGNED_URL_TTL = 300;

export function newStoredName(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** A derivative's name beside its original: <random>-<variant>.<extension>. */
export function derivativeName(name: string, variant: string, extension: string): string {
  return `${name.slice(0, name.indexOf('.'))}-${variant}.${extension}`;
}

export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a file store key: ${key}`);
  return key;
}

/**
 * The source counted and capped (413), its first bytes kept. A source that breaks off (a body cut
 * short) is the client's fault: 400. Errors of the backend reading it never pass through here.
 */
function limited(source: Readable, maxBytes: number, seen: { bytes: number; head: Buffer }): Readable {
  return Readable.from(
    (async function* () {
      try {
        for await (const piece of source) {
          const chunk = Buffer.from(piece as Buffer);
          seen.bytes += chunk.length;
          if (seen.bytes > maxBytes) throw httpError(413, 'errors.file_too_large');
          if (seen.head.length < SIGNATURE_BYTES) seen.head = Buffer.concat([seen.head, chunk]).subarray(0, SIGNATURE_BYTES);
          yield chunk;
        }
      } catch (error) {
        throw (error as { statusCode?: number }).statusCode ? error : httpError(400, 'errors.invalid_request');
      }
    })(),
    { objectMode: false },
  );
}

export function createFileStore(backend: StoreBackend, links: SignedLinks): FileStore {
  return {
    async putTemporary(source, maxBytes) {
      const key = `${TEMPORARY_AREA}/${randomBytes(12).toString('hex')}`;
      const seen = { bytes: 0, head: Buffer.alloc(0) };
      try {
        await backend.write(key, limited(source, maxBytes, seen));
      } catch (error) {
        await backend.remove(key);
        throw error;
      }
      return { key, ...seen };
    },
    commit: (temporaryKey, key) => backend.move(assertKey(temporaryKey), assertKey(key)),
    delete: (key) => backend.remove(assertKey(key)),
    async open(key) {
      const found = await backend.read(assertKey(key));
      if (!found) return null;
      return { ...found, contentType: contentTypeOf(path.extname(key).slice(1)) ?? 'application/octet-stream' };
    },
    signedUrl: (key, ttlSeconds = SIGNED_URL_TTL) => `/api/files/signed/${links.sign('file', assertKey(key), ttlSeconds)}`,
    verifySigned(token) {
      const key = links.verify('file', token);
      return key !== null && KEY.test(key) ? key : null;
    },
    async sweepTemporary(maxAgeSeconds) {
      const stale = await backend.listOlderThan(`${TEMPORARY_AREA}/`, new Date(Date.now() - maxAgeSeconds * 1000));
      await Promise.all(stale.map((key) => backend.remove(key)));
      return stale.length;
    },
  };
}

/** The store the configuration names: an S3-compatible bucket when FILES_S3_BUCKET is set, else DATA_DIR. */
export function fileStoreOf(config: Config, links: SignedLinks): FileStore {
  return createFileStore(config.filesS3 ? s3Backend(config.filesS3) : localBackend(config.dataDir), links);
}
