/**
 * Merges catalogue fragments into i18n/<locale>.json, keeping existing keys unless --force:
 *   npx tsx src/tools/i18n-add.ts pl fragment.json [--force]
 * One quick read-modify-write, so several people (or helpers) can add keys side by side.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalogue } from '../common/i18n/translate';

const [locale, fragmentPath, flag] = process.argv.slice(2);
if (!locale || !fragmentPath) {
  console.error('usage: tsx src/tools/i18n-add.ts <pl|en> <fragment.json> [--force]');
  process.exit(2);
}
const force = flag === '--force';
const target = fileURLToPath(new URL(`../../i18n/${locale}.json`, import.meta.url));

function merge(into: Catalogue, from: Catalogue, trail: string[]): void {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value, [...trail, key]);
    else if (existing === undefined || force) into[key] = value;
    else if (JSON.stringify(existing) !== JSON.stringify(value)) console.warn(`kept ${[...trail, key].join('.')}`);
  }
}

const catalogue = JSON.parse(readFileSync(target, 'utf8')) as Catalogue;
merge(catalogue, JSON.parse(readFileSync(fragmentPath, 'utf8')) as Catalogue, []);
writeFileSync(`${target}.tmp`, JSON.stringify(catalogue, null, 2) + '\n');
renameSync(`${target}.tmp`, target);
