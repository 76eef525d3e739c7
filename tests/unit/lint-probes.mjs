// For tests/unit/arrows.test.ts: lints one probe file per [importing, imported] pair (paths from the
// repository root, given as JSON in argv) and prints, per pair, the arrow rule's complaints. A child
// Node runs it because ESLint loads its ES-module config with a dynamic import, which jest cannot.
import path from 'node:path';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
const complaints = [];
for (const [importing, imported] of JSON.parse(process.argv[2])) {
  const from = path.resolve(importing);
  let specifier = path.relative(path.dirname(from), path.resolve(imported)).replace(/\.tsx?$/, '');
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: from });
  complaints.push(result.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message));
}
process.stdout.write(JSON.stringify(complaints));
