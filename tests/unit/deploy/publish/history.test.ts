import { historyLines } from '../../../../deploy/publish/history';
import { transferOf } from '../../../../deploy/publish/publish';

const release = (id: string, landings: Record<string, string>) => ({
  id,
  commit: `${id.slice(-7)}ffff`,
  time: '2026-12-07T14:00:00.000Z',
  files: 3,
  landings,
});

describe('the history an operator reads', () => {
  it('marks the live release and says what each changed since the one before', () => {
    const lines = historyLines(
      [
        release('20261207T150000Z-bbbbbbb', { 'zenit/ru/a': '1', 'zenit/ru/b': '9', 'zenbet/br/c': '3' }),
        release('20261207T140000Z-aaaaaaa', { 'zenit/ru/a': '1', 'zenit/ru/b': '2', 'cupis/ru/d': '4' }),
      ],
      '20261207T140000Z-aaaaaaa',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\* 20261207T140000Z-aaaaaaa +aaaaaaa +2026-12-07 14:00 +3 landings \(first release\)$/);
    expect(lines[2]).toMatch(
      /^ {2}20261207T150000Z-bbbbbbb .* \+1 ~1 -1: added zenbet\/br\/c; changed zenit\/ru\/b; removed cupis\/ru\/d$/,
    );
  });
});

describe("rsync's figures", () => {
  it('are the files and bytes that travelled', () => {
    const stats =
      'Number of files: 1,812 (reg: 1,767, dir: 45)\nNumber of regular files transferred: 4\nTotal file size: 48,308,170 bytes\nTotal transferred file size: 61,234 bytes\n';
    expect(transferOf(stats)).toEqual({ files: 4, bytes: 61234 });
  });
});
