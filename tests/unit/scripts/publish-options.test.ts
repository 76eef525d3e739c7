import { parsePublishArguments } from '../../../scripts/publish-options';

describe('npm run publish arguments', () => {
  it('publish public/ to /srv/promo, keeping five, with nginx -t and nginx -s reload by default', () => {
    expect(parsePublishArguments([])).toMatchObject({
      mode: 'publish',
      to: '/srv/promo',
      from: 'public',
      keep: 5,
      nginxTest: 'nginx -t',
      reload: 'nginx -s reload',
      rsh: 'ssh',
    });
  });

  it('name a preview, its host name and its listen', () => {
    expect(parsePublishArguments(['--preview', 'mr-42', '--to', 'deploy@host:/srv/promo'])).toMatchObject({
      mode: 'preview',
      preview: 'mr-42',
      to: 'deploy@host:/srv/promo',
      previewHost: 'mr-42.preview.zenit.win',
      previewListen: '80',
    });
    expect(parsePublishArguments(['--preview', 'x', '--preview-host', 'promo-{name}.example.org'])).toMatchObject({
      previewHost: 'promo-x.example.org',
    });
  });

  it('refuse two actions at once, a bad keep, a name that is no host name label, and unknown flags', () => {
    expect(parsePublishArguments(['--rollback', '--list'])).toHaveProperty('error');
    expect(parsePublishArguments(['--keep', '0'])).toHaveProperty('error');
    expect(parsePublishArguments(['--preview', 'Feature/X'])).toHaveProperty('error');
    expect(parsePublishArguments(['--force'])).toHaveProperty('error');
    expect(parsePublishArguments(['--rollback'])).toMatchObject({ mode: 'rollback' });
    expect(parsePublishArguments(['--list', '--to', '/tmp/x'])).toMatchObject({ mode: 'list', to: '/tmp/x' });
  });
});
