/**
 * Content that arrives late (or goes) must not push away what the visitor is reading below it. Browsers'
 * scroll anchoring would keep it in place only where they support it and only when they pick an anchor
 * below the change; this does it everywhere: it notes where the element after `element` stands on the
 * screen before the change, and after it (in the same frame, before paint) scrolls by as much as that
 * element moved. A follower still below the screen needs nothing: the change moves nothing seen.
 */
export function holdWhatFollows(element: Element | null, win: Window = window): () => void {
  const follower = followerOf(element);
  if (!follower) return () => undefined;
  const before = follower.getBoundingClientRect().top;
  if (before >= win.innerHeight) return () => undefined;
  return () => {
    const moved = follower.getBoundingClientRect().top - before;
    if (moved !== 0 && follower.isConnected) win.scrollBy(0, moved);
  };
}

/** The next element with a box after `element`'s subtree (a wrapper without one, `display: contents`, is looked into). */
function followerOf(element: Element | null): Element | null {
  let next: Element | null = null;
  for (let at = element; at && !next; at = at.parentElement) next = at.nextElementSibling;
  while (next && next.getClientRects().length === 0) next = next.firstElementChild ?? next.nextElementSibling;
  return next;
}
