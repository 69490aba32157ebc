import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkSchemaFile } from '../../common/schema/meta/check';

/** The file name every schema module ends with; a folder may hold them in subfolders (one per domain). */
export const SCHEMA_FILE_SUFFIX = '.schema.json';

/**
 * Every *.schema.json under dir (subfolders too), parsed, keyed by its path relative to dir (with /).
 * Each is checked against the x-admin meta-schema first: a file with an unknown key or a bad value
 * stops the start (or the build), named as the user finds it (schemas/site/news.schema.json).
 */
export function readSchemaFolder(dir: string): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(SCHEMA_FILE_SUFFIX)) {
        const file: unknown = JSON.parse(readFileSync(full, 'utf8'));
        checkSchemaFile(file, shownPath(full));
        files[path.relative(dir, full).split(path.sep).join('/')] = file;
      }
    }
  };
  walk(dir);
  return files;
}

/** A file's path as its user finds it: from the working folder, or whole when outside it. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return (relative.startsWith('..') || path.isAbsolute(relative) ? file : relative).split(path.sep).join('/');
}

/**
 * What a browser build was made from: the product name and the schema files' contents. The build
 * writes it beside index.html (SCHEMA_STAMP_FILE); the server compares it with its own configuration.
 */
export function schemaStamp(files: Record<string, unknown>, product: string): string {
  const hash = createHash('sha256').update(product).update('\0');
  for (const name of Object.keys(files).sort()) hash.update(name).update('\0').update(JSON.stringify(files[name])).update('\0');
  return hash.digest('hex');
}

export const SCHEMA_STAMP_FILE = 'schema-stamp.json';

/** SCHEMA_STAMP_FILE's content: the product, the schemas' stamp and the hash of the browser sources, taken as the build started. */
export interface BuildStamp {
  product: string;
  stamp: string;
  sources: string;
}
