/**
 * The promotions editor is served by npm start beside the site, never published with it: no file of
 * Decap's bundle, of the editor's scripts or config, and no /__admin/ path lands in public/.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const publicDir = path.join(root, 'public');
const built = (fs.readdirSync(publicDir, { recursive: true }) as string[]).map((file) => file.split(path.sep).join('/'));

test('no admin path and no editor file in the build', () => {
  expect(built.filter((file) => /(^|\/)(__admin|admin)(\/|$)/.test(file))).toEqual([]);
  const editorFiles = new Set([
    ...fs.readdirSync(path.join(root, 'node_modules', 'decap-cms', 'dist')),
    ...fs.readdirSync(path.join(root, 'server', 'admin', 'client')),
    'config.yml',
  ]);
  expect(built.filter((file) => editorFiles.has(path.posix.basename(file)))).toEqual([]);
});

test('no built file carries Decap or its config', () => {
  const texts = built.filter((file) => /\.(html|js|json|txt)$/.test(file) && fs.statSync(path.join(publicDir, file)).isFile());
  const carrying = texts.filter((file) => {
    const content = fs.readFileSync(path.join(publicDir, file), 'utf8');
    return content.includes('decap-cms') || content.includes('CMS_MANUAL_INIT') || content.includes('local_backend');
  });
  expect(carrying).toEqual([]);
});
