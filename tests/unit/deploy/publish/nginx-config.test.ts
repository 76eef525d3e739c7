import fs from 'node:fs';
import path from 'node:path';
import { renderInclude, renderPreviewServer, variablePrefix } from '../../../../deploy/publish/nginx-config';

const deploy = (file: string) => fs.readFileSync(path.resolve(__dirname, '../../../../deploy', file), 'utf8');
const paths = {
  publicDir: '/srv/promo/releases/20261207T140000Z-abc1234/public',
  nginxDir: '/srv/promo/releases/20261207T140000Z-abc1234/nginx',
};

describe("a release's nginx includes", () => {
  it("name the release's own files, maps and alias", () => {
    const http = renderInclude(deploy('promo.http.conf'), paths);
    const server = renderInclude(deploy('promo.server.conf'), paths);
    expect(http).toContain(`include ${paths.publicDir}/_redirects.nginx.map;`);
    expect(http).toContain(`include ${paths.publicDir}/_csp.nginx.map;`);
    expect(http).toContain(`include ${paths.publicDir}/_experiments.nginx.conf;`);
    expect(server).toContain(`alias ${paths.publicDir}/;`);
    expect(`${http}${server}`).not.toMatch(/\/srv\/promo\/public/);
  });

  it('give a preview variables of its own, its own experiments copy, and leave out the once-per-http lines', () => {
    const preview = { prefix: variablePrefix('mr-42'), host: 'mr-42.preview.example', listen: '80' };
    expect(preview.prefix).toBe('pv_mr_42');
    const http = renderInclude(deploy('promo.http.conf'), paths, preview);
    const server = renderInclude(deploy('promo.server.conf'), paths, preview);
    expect(http).not.toMatch(/^map_hash_/m);
    expect(http).toContain(`include ${paths.nginxDir}/_experiments.nginx.conf;`);
    expect(http).toContain('map $uri $promo_pv_mr_42_redirect {');
    expect(server).toContain('if ($promo_pv_mr_42_redirect) {');
    expect(`${http}${server}`.match(/\$promo_(?!pv_mr_42_)\w+/g)).toBeNull();
    const conf = renderPreviewServer(deploy('promo.preview.conf'), paths, preview);
    expect(conf).toContain('server_name mr-42.preview.example;');
    expect(conf).toContain(`include ${paths.nginxDir}/promo.server.conf;`);
    expect(conf).not.toMatch(/@[A-Z_]+@/);
  });
});
