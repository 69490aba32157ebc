/**
 * Writes the x-admin meta-schema (schemas/x-admin.meta.json) from its parts in src/common/schema/meta:
 * run after changing a part (`npx tsx src/tools/meta-schema.ts`); a unit test fails while it is out of date.
 */
import { writeFileSync } from 'node:fs';
import { META_SCHEMA_FILE, xAdminMetaSchema } from '../common/schema/meta';

export const metaSchemaText = () => `${JSON.stringify(xAdminMetaSchema(), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(META_SCHEMA_FILE, metaSchemaText());
  console.log(`wrote ${META_SCHEMA_FILE}`);
}
