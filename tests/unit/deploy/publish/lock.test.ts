/**
 * One change to a host at a time: a rollback asked for while a publish holds the root is refused, says who
 * holds it and changes nothing; once the holder ends, even by failing, the next change goes through.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostOf } from '../../../../deploy/publish/host';
import { withHostLock } from '../../../../deploy/publish/lock';
import { rollback } from '../../../../deploy/publish/publish';

function release(root: string, id: string): void {
  const dir = path.join(root, 'releases', id);
  fs.mkdirSync(path.join(dir, 'public'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'public', 'index.html'), id);
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ id, commit: id.slice(-7), time: '2026-12-07T14:00:00.000Z' }));
}

const live = (root: string) => fs.readlinkSync(path.join(root, 'live'));

describe('a host changed by one publish at a time', () => {
  let root: string;
  const options = () => ({ to: root, nginxTest: 'true', reload: 'true', rsh: 'ssh', log: () => undefined });
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-lock-'));
    release(root, '20261207T140000Z-aaaaaaa');
    release(root, '20261207T150000Z-bbbbbbb');
    fs.symlinkSync('releases/20261207T150000Z-bbbbbbb', path.join(root, 'live'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('refuses a rollback while a publish holds the root, naming the holder, and leaves the live release live', async () => {
    let end: () => void = () => undefined;
    const holding = withHostLock(hostOf(root), 'publish of 1234567', () => new Promise<void>((resolve) => (end = resolve)));
    await expect(rollback(options())).rejects.toThrow(
      /another publish holds .*\(publish of 1234567, started .*\).*live release is as it was/,
    );
    expect(live(root)).toBe('releases/20261207T150000Z-bbbbbbb');
    end();
    await holding;
    await expect(rollback(options())).resolves.toMatchObject({ id: '20261207T140000Z-aaaaaaa' });
    expect(live(root)).toBe('releases/20261207T140000Z-aaaaaaa');
  });

  it('is free again after a holder that failed', async () => {
    await expect(
      withHostLock(hostOf(root), 'publish of 1234567', () => {
        throw new Error('the release failed its check');
      }),
    ).rejects.toThrow('the release failed its check');
    await expect(rollback(options())).resolves.toMatchObject({ id: '20261207T140000Z-aaaaaaa' });
    expect(fs.existsSync(path.join(root, '.publishing'))).toBe(false);
  });
});
