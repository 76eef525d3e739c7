/**
 * axios comes with the first call (src/main-site/ajax.ts as its own chunk). A visitor whose connection
 * drops before that chunk arrives gets the failure a dropped request gives, and the next call tries again.
 */
describe('a call whose transport chunk does not arrive', () => {
  afterEach(() => {
    jest.resetModules();
    jest.dontMock('../../../src/main-site/ajax');
  });

  it('is a network failure the form can show, and the next call loads the transport again', async () => {
    jest.resetModules();
    let attempts = 0;
    jest.doMock('../../../src/main-site/ajax', () => {
      attempts += 1;
      if (attempts === 1) throw Object.assign(new Error('Loading chunk 944 failed.'), { name: 'ChunkLoadError' });
      return {
        api: { get: async () => ({ data: { result: { line: [] } }, headers: {} }) },
        retryAfterOf: () => undefined,
        toApiError: () => null,
      };
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // An axios call (the session, tracking and the first-screen reads go by fetch and never load the chunk).
    const { fetchPopularEvents } = await import('../../../src/features/odds/calls/line');
    expect(await fetchPopularEvents(0, 1)).toEqual({ ok: false, error: { kind: 'network', message: 'Network Error', server: null } });
    expect(await fetchPopularEvents(0, 1)).toEqual({ ok: true, data: [] });
    expect(attempts).toBe(2);
  });
});
