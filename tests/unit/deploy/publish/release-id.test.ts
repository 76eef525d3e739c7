import { byAge, isReleaseId, releaseId } from '../../../../deploy/publish/release-id';

describe('a release id', () => {
  it('is the UTC second of publishing and the short commit', () => {
    expect(releaseId(new Date('2026-12-07T14:00:05.678Z'), 'F9C29E8D1A2B')).toBe('20261207T140005Z-f9c29e8');
    expect(isReleaseId('20261207T140005Z-f9c29e8')).toBe(true);
    expect(isReleaseId('public')).toBe(false);
  });

  it('gets a suffix when the same second and commit are taken', () => {
    const at = new Date('2026-12-07T14:00:05Z');
    expect(releaseId(at, 'abc1234', ['20261207T140005Z-abc1234'])).toBe('20261207T140005Z-abc1234-2');
    expect(releaseId(at, 'abc1234', ['20261207T140005Z-abc1234', '20261207T140005Z-abc1234-2'])).toBe('20261207T140005Z-abc1234-3');
  });

  it('sorts by the time published, a same-second suffix after the first', () => {
    expect(
      byAge(['20261207T140005Z-abc1234-2', '20261208T000100Z-0000000', '20261207T140005Z-abc1234', '20261130T235959Z-fffffff']),
    ).toEqual(['20261130T235959Z-fffffff', '20261207T140005Z-abc1234', '20261207T140005Z-abc1234-2', '20261208T000100Z-0000000']);
  });
});
