/**
 * The yardstick of the first-tap row: a landing's registration form as the build wrote it (the same
 * fields, options and prefilled values), alone in a plain page with a few lines of CSS and no script.
 * What a tap on it costs is what the browser does for any form on this host at that moment.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Enough CSS for the form to be laid out as on a landing: full-width fields and buttons of the same size. */
const STYLE = `body { margin: 0; background: #101418; color: #f4f6f8; font: 16px/1.5 system-ui, sans-serif; }
main { max-width: 560px; margin: 0 auto; padding: 1100px 16px 400px; }
form { display: grid; }
.tabs { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin: 0 0 16px; }
form > div { display: grid; gap: 4px; margin: 0 0 14px; }
label { font-weight: 700; }
input, select { width: 100%; box-sizing: border-box; min-height: 48px; padding: 10px 12px; border: 2px solid #8a949e; border-radius: 8px; background: #fff; color: #111; font: inherit; }
button { min-height: 48px; padding: 10px 16px; border: 2px solid currentColor; border-radius: 8px; background: transparent; color: inherit; font: inherit; }
.row { display: flex; gap: 8px; }
.row > * { flex: 1; }
.hint, .small { font-size: 14px; color: #8a949e; }`;

/**
 * The page around the first registration form of a landing's HTML. The form starts below the first screen,
 * as on a landing, so the visitor scrolls to it.
 */
export function plainFormPage(landingHtml: string, field: string): string {
  const form = /<form\b[\s\S]*?<\/form>/i.exec(landingHtml)?.[0];
  const id = field.replace(/^#/, '');
  if (!form || !form.includes(`id="${id}"`)) throw new Error(`the landing's HTML has no registration form with ${field}`);
  if (/<script\b|\son[a-z]+=/i.test(form)) throw new Error('the registration form as built carries a script');
  const lang = /<html\b[^>]*\blang="([^"]*)"/i.exec(landingHtml)?.[1] ?? 'en';
  const heading = /<h2 id="registration-title">([\s\S]*?)<\/h2>/.exec(landingHtml)?.[1] ?? 'Registration';
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plain form</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
<section aria-labelledby="registration-title">
<h2 id="registration-title">${heading}</h2>
${form}
</section>
</main>
</body>
</html>
`;
}

/** Writes the page as <publicDir><pagePath>index.html; returns the file. */
export function writePlainForm(publicDir: string, pagePath: string, landingHtml: string, field: string): string {
  const file = path.join(publicDir, pagePath, 'index.html');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, plainFormPage(landingHtml, field));
  return file;
}
