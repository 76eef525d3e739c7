import React, { Suspense, useId, useState, type ComponentType } from 'react';
import { lazyPart, type LazyPart } from './lazy-part';

/** Never changes, so React keeps the server's HTML in place and compares nothing inside it. */
const KEEP_SERVER_HTML = { __html: '' };

/** Function components that render from their props alone (no hooks of state: they never run in the browser). */
type Parts = Record<string, (props: never) => React.ReactNode>;

/**
 * Parts of a page that never change after the build (copy, pictures, lists of links). The server renders
 * them; in the browser React hydrates only an empty wrapper with `dangerouslySetInnerHTML`, so the HTML
 * inside stays as the server sent it: React neither hydrates nor re-renders it, and the parts' code and
 * styles are not in the browser's bundle (`server` is null there: the page passes the parts module only
 * where `process.env.BUILD_STAGE` is not "build-javascript", which webpack resolves at build time).
 * Where React renders a page without server HTML (a client-side navigation, the offline app shell,
 * `gatsby develop`), the parts' code is fetched and rendered like any lazy part.
 */
export function staticParts<P extends Parts>(server: P | null, load: () => Promise<P>) {
  const lazyParts = new Map<keyof P, LazyPart<object>>();
  const lazyOf = (name: keyof P) => {
    let part = lazyParts.get(name);
    if (!part) {
      part = lazyPart(() => load().then((parts) => ({ default: parts[name] as unknown as ComponentType<object> })));
      lazyParts.set(name, part);
    }
    return part;
  };

  return function StaticPart<N extends keyof P>({
    name,
    clientRender = true,
    props,
  }: {
    name: N;
    /** False for what only the first server-rendered load shows (the preloader). */
    clientRender?: boolean;
    props: Parameters<P[N]>[0];
  }) {
    const id = useId();
    // The wrapper's id is the same in the server HTML and while React hydrates it; a client render
    // makes ids of another form, which no server HTML holds.
    const [fromServer] = useState(() => typeof document !== 'undefined' && document.getElementById(id) !== null);
    // A part only the server's first load shows is never rendered by the browser itself, even where its
    // module is at hand (develop renders every page in the browser): the script that would take it
    // away again (the preloader's) runs only in built HTML.
    if (!clientRender && typeof document !== 'undefined' && !fromServer) return null;
    if (server) {
      const Part = server[name] as unknown as ComponentType<object>;
      return (
        <div id={id} data-static="">
          <Part {...(props as object)} />
        </div>
      );
    }
    if (fromServer) return <div id={id} data-static="" dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
    const Part = lazyOf(name);
    return (
      <div id={id} data-static="">
        <Suspense fallback={null}>
          <Part {...(props as object)} />
        </Suspense>
      </div>
    );
  };
}
