/** `npm run schemas`: writes data/schemas/*.schema.json from the zod schemas (a test fails when they drift). */
import fs from 'node:fs';
import path from 'node:path';
import { jsonSchemas, SCHEMA_DIR } from '../tables/json-schemas';

const dir = path.resolve(__dirname, '..', 'data', SCHEMA_DIR);
fs.mkdirSync(dir, { recursive: true });
for (const [file, schema] of Object.entries(jsonSchemas())) {
  fs.writeFileSync(path.join(dir, file), `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`data/${SCHEMA_DIR}/${file}`);
}
