import { previousOf, releasesToRemove } from '../../../../deploy/publish/retention';

const ids = ['20261201T000000Z-a', '20261202T000000Z-b', '20261203T000000Z-c', '20261204T000000Z-d', '20261205T000000Z-e'];
const [a, b, c, d, e] = ids;

describe('which releases stay', () => {
  it('keeps the newest ones when the newest is live', () => {
    expect(releasesToRemove(ids, e, 3)).toEqual([a, b]);
    expect(releasesToRemove(ids, e, 5)).toEqual([]);
  });

  it('never removes the live release or the one before it, whatever keep says', () => {
    expect(releasesToRemove(ids, b, 1)).toEqual([c, d]);
    expect(releasesToRemove(ids, e, 1)).toEqual([a, b, c]);
  });

  it('keeps the release that was live until this switch', () => {
    expect(releasesToRemove(ids, e, 1, [b])).toEqual([a, c]);
  });

  it('rolls back to the release published before the live one', () => {
    expect(previousOf(ids, e)).toBe(d);
    expect(previousOf([e, c, d], d)).toBe(c);
    expect(previousOf(ids, a)).toBeUndefined();
    expect(previousOf(ids, undefined)).toBeUndefined();
  });
});
