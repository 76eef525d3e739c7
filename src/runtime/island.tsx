import React, {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  startTransition,
  type ComponentType,
} from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { lazyPart, PartBoundary } from './lazy-part';
import { hasEarlyClicks, hasHeldSubmit, replayEarlyClicks, replayHeldSubmit } from '../early/hand-over';
import { onIntent } from './intent';
import { whenNearScreen } from './near-screen';

/** Never changes, so the page's own root keeps the island's server HTML in place for the island's root. */
const KEEP_SERVER_HTML = { __html: '' };

type PartModule<Props> = { default: ComponentType<Props> };

/** Same keys holding the same values (Object.is), as React.memo compares props. */
export function sameProps(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && Object.is(a[key as keyof typeof a], b[key as keyof typeof b]));
}

/** Tells the island's root that React has taken the server HTML over. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * A part of the page that takes input (the registration form, the casino tiles), hydrated as a small
 * React root of its own as the visitor turns to it (a pointer over it, a touch, a focus, a key, a
 * submit: runtime/intent.ts; a tap or a submit the first-screen script kept counts too). Its code is
 * fetched when it nears the screen, so a visitor who never goes there never fetches it, and hydration
 * waits for the turn, so one who only looks never runs it. The build renders it into the HTML where it
 * stands (`server`, passed only where `process.env.BUILD_STAGE` is not "build-javascript"); the page's
 * own root keeps that HTML untouched; at the turn `hydrateRoot` takes the HTML over in place, so nothing
 * moves and what a visitor typed meanwhile stays. The island first hydrates with the props the HTML was
 * built with, then gets the page's current props (data that arrived meanwhile). Clicks on its buttons and
 * a submit before that are kept by the first-screen script and replayed (hand-over.ts). Where React renders
 * the page without server HTML (a client-side navigation, the offline worker's app shell on a reload),
 * the island is an ordinary lazy part of the page's tree, marked `data-hydrated` once it has mounted.
 */
export function island<Props extends object>(name: string, server: ComponentType<Props> | null, load: () => Promise<PartModule<Props>>) {
  let code: Promise<PartModule<Props>> | null = null;
  // A file that did not come is asked for again at the next turn to the island.
  const loadOnce = () =>
    (code ??= load().catch((error: unknown) => {
      code = null;
      throw error;
    }));
  const Lazy = lazyPart(() => loadOnce());

  function Island({ props }: { props: Props }) {
    const id = useId();
    const element = useRef<HTMLDivElement>(null);
    const [fromServer] = useState(() => typeof document !== 'undefined' && document.getElementById(id) !== null);
    // The props the HTML was built with: the island hydrates against them, never against newer data.
    const [built] = useState(props);
    const root = useRef<Root | null>(null);
    const component = useRef<ComponentType<Props> | null>(null);
    const [hydrated, setHydrated] = useState(false);

    useEffect(() => {
      if (!fromServer || server || !element.current) return;
      let active = true;
      const container = element.current;
      const take = (): void =>
        void loadOnce().then(
          ({ default: Component }) => {
            if (!active) return;
            const onHydrated = () => {
              container.setAttribute('data-hydrated', '');
              setHydrated(true);
              replayEarlyClicks(container);
              replayHeldSubmit(container);
            };
            component.current = Component;
            startTransition(() => {
              root.current = hydrateRoot(
                container,
                <>
                  <Component {...built} />
                  <Hydrated onHydrated={onHydrated} />
                </>,
                { onRecoverableError: (error) => console.warn(`[promo] the ${name} island was rendered anew: ${String(error)}`) },
              );
            });
          },
          (error: unknown) => {
            console.warn(`[promo] the ${name} island did not load: ${error instanceof Error ? error.message : String(error)}`);
            if (active) stop = onIntent(container, take, { next: true });
          },
        );
      // A tap or a submit kept by the first-screen script before this code ran was a turn to the island too.
      let stop = hasEarlyClicks(container) || hasHeldSubmit(container) ? (take(), () => undefined) : onIntent(container, take);
      // The code comes while the visitor is still reading, once the part nears the screen (or the page has
      // settled with it in view): the first tap then only hydrates, rather than waiting for the file and
      // its compile too. A file that does not come now is asked for again at the turn.
      const stopFetching = whenNearScreen(container, () => void loadOnce().catch(() => undefined));
      return () => {
        active = false;
        stop();
        stopFetching();
      };
      // The island is hydrated once; later props reach it through render() below.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    // The props the island's root last had: the page renders often while it loads (each answer its
    // providers take), mostly with the same values in a new object, and each render of the form costs.
    const shown = useRef(built);
    useLayoutEffect(() => {
      const Component = component.current;
      if (!hydrated || !Component || sameProps(shown.current, props)) return;
      shown.current = props;
      // Rendered in a layout effect, the update would be synchronous: the whole form in one task at each
      // answer. As a transition React renders it in slices and folds answers that come close together.
      startTransition(() => {
        root.current?.render(<Component {...props} />);
      });
    }, [hydrated, props]);

    // After the page's own root has finished taking the island down: a root unmounted while another renders
    // is left half done (React warns of a race).
    useEffect(
      () => () => {
        const own = root.current;
        if (own) queueMicrotask(() => own.unmount());
      },
      [],
    );

    // Rendered by the page's root (no server HTML: a client-side navigation, the offline app shell), the
    // island is live once its code has mounted, and says so as a hydrated one does.
    const markRendered = useCallback(() => element.current?.setAttribute('data-hydrated', ''), []);

    if (server) {
      const Server = server;
      return (
        <div id={id} data-island={name}>
          <Server {...props} />
        </div>
      );
    }
    if (fromServer)
      return <div id={id} data-island={name} ref={element} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
    return (
      <div id={id} data-island={name} ref={element}>
        <PartBoundary>
          <Suspense fallback={null}>
            <Lazy {...props} />
            <Hydrated onHydrated={markRendered} />
          </Suspense>
        </PartBoundary>
      </div>
    );
  }

  return Island;
}
