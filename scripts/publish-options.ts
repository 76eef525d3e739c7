/**
 * `npm run publish` arguments (docs/deploy.md, "Publishing and rollback"): what to do and with which
 * settings, or the usage error. Pure.
 */
import { parseArgs } from 'node:util';

export const USAGE = `usage:
  npm run publish -- [--to <root>] [--from <dir>] [--keep <n>]     publish a build as a new release, check it, make it live
  npm run publish -- --preview <name> [--to <root>] [--from <dir>]  publish a build as the preview <name>; prints its URL last
  npm run publish -- --remove-preview <name> [--to <root>]          take the preview <name> away
  npm run publish -- --rollback [--to <root>]                       make the release before the live one live again
  npm run publish -- --list [--to <root>]                           the releases, the live one marked *, what changed in each
options:
  --to <root>               a local folder or user@host:/path (default /srv/promo)
  --from <dir>              the build to publish (default public/)
  --keep <n>                releases kept on the host (default 5; the live one and the one before always stay)
  --nginx-test <command>    run on the host before the reload (default: nginx -t)
  --reload <command>        run on the host to make nginx read the new release (default: nginx -s reload)
  --rsh <command>           the remote shell for a user@host root (default: ssh)
  --commit <sha>            the commit recorded with the release (default: git HEAD)
  --nginx <path>            the nginx that serves the release for its check here (default: $NGINX_PATH or /usr/sbin/nginx)
  --preview-host <pattern>  a preview's host name, {name} replaced (default: {name}.preview.zenit.win)
  --preview-listen <listen> a preview server's listen (default: 80)
exit status: 0 done; 1 failed (the reason on stderr; the live release is unchanged); 2 a usage error`;

export type Mode = 'publish' | 'preview' | 'remove-preview' | 'rollback' | 'list';

export interface PublishArguments {
  mode: Mode;
  to: string;
  from: string;
  keep: number;
  nginxTest: string;
  reload: string;
  rsh: string;
  commit: string | undefined;
  nginx: string | undefined;
  preview: string | undefined;
  previewHost: string;
  previewListen: string;
}

export function parsePublishArguments(argv: string[]): PublishArguments | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        to: { type: 'string', default: '/srv/promo' },
        from: { type: 'string', default: 'public' },
        keep: { type: 'string', default: '5' },
        'nginx-test': { type: 'string', default: 'nginx -t' },
        reload: { type: 'string', default: 'nginx -s reload' },
        rsh: { type: 'string', default: 'ssh' },
        commit: { type: 'string' },
        nginx: { type: 'string' },
        preview: { type: 'string' },
        'remove-preview': { type: 'string' },
        'preview-host': { type: 'string', default: '{name}.preview.zenit.win' },
        'preview-listen': { type: 'string', default: '80' },
        rollback: { type: 'boolean', default: false },
        list: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  const modes: Mode[] = [];
  if (values.preview !== undefined) modes.push('preview');
  if (values['remove-preview'] !== undefined) modes.push('remove-preview');
  if (values.rollback) modes.push('rollback');
  if (values.list) modes.push('list');
  if (modes.length > 1) return { error: `--${modes.join(', --')}: one at a time` };
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1) return { error: `--keep takes a whole number of at least 1, not ${values.keep}` };
  const preview = values.preview ?? values['remove-preview'];
  if (preview !== undefined && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(preview))
    return { error: `a preview's name is a host name label (a-z, 0-9, -, at most 63): ${preview}` };
  return {
    mode: modes[0] ?? 'publish',
    to: values.to,
    from: values.from,
    keep,
    nginxTest: values['nginx-test'],
    reload: values.reload,
    rsh: values.rsh,
    commit: values.commit,
    nginx: values.nginx,
    preview,
    previewHost: values['preview-host'].split('{name}').join(preview ?? ''),
    previewListen: values['preview-listen'],
  };
}
