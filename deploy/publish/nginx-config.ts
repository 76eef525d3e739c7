/**
 * A release's own nginx includes, from the templates in deploy/: every path the templates name under
 * /srv/promo/public becomes the release's folder, so the maps (redirects, experiments, CSP hashes) and the
 * files nginx serves after a reload are all that release's. A preview runs beside the live release in the
 * same nginx, so its variables get a prefix of their own and its server {} answers at its own host name.
 * Pure: text in, text out.
 */
export const TEMPLATE_PUBLIC = '/srv/promo/public';
const EXPERIMENTS = '_experiments.nginx.conf';

export interface ReleasePaths {
  /** The release's public/ on the host. */
  publicDir: string;
  /** The folder of the release's includes on the host. */
  nginxDir: string;
}

export interface PreviewNames {
  /** A variable prefix of the preview's own: promo_ becomes promo_<prefix>_. */
  prefix: string;
  host: string;
  listen: string;
}

/** The preview's name as a part of an nginx variable name. */
export function variablePrefix(previewName: string): string {
  return `pv_${previewName.replace(/-/g, '_')}`;
}

function renameVariables(text: string, prefix: string): string {
  return text.replace(/\$promo_/g, `$promo_${prefix}_`);
}

/** promo.http.conf or promo.server.conf for a release (a preview's with its variables renamed and its once-per-http {} lines left out). */
export function renderInclude(template: string, paths: ReleasePaths, preview?: PreviewNames): string {
  let text = template.split(TEMPLATE_PUBLIC).join(paths.publicDir);
  if (!preview) return text;
  text = text
    .split(`${paths.publicDir}/${EXPERIMENTS}`)
    .join(`${paths.nginxDir}/${EXPERIMENTS}`)
    .replace(/^map_hash_\w+ .*\n/gm, '');
  return renameVariables(text, preview.prefix);
}

/** The build's experiments file for a preview: the same, with the preview's variable names. */
export function renderPreviewExperiments(experiments: string, preview: PreviewNames): string {
  return renameVariables(experiments, preview.prefix);
}

/** deploy/promo.preview.conf for one preview: its maps and its server {}. */
export function renderPreviewServer(template: string, paths: ReleasePaths, preview: PreviewNames): string {
  return template.split('@NGINX_DIR@').join(paths.nginxDir).split('@HOST@').join(preview.host).split('@LISTEN@').join(preview.listen);
}
