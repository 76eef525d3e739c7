import React, { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PageSection } from '../../components/PageSection';
import { lazyPart, PartBoundary } from '../../runtime/lazy-part';
import { holdWhatFollows } from '../../runtime/hold-what-follows';
import { whenNearScreen } from '../../runtime/near-screen';
import type { OddsSectionProps } from './OddsSection';

const OddsSection = lazyPart(() => import('./OddsSection'));

export type PopularMatchesProps = Omit<OddsSectionProps, 'onSettled'> & { title: string };

/**
 * Popular matches with odds (spec 3, 7): shown once the line answers, hidden when it fails or is empty.
 * Placed below the fold, so when the cards arrive or the section goes, nothing the visitor sees moves;
 * for a visitor already below it (a fast scroller, a slow line), what follows is held in place.
 * The line is asked for as the section nears the screen: a visitor who never scrolls there pays
 * neither the call nor the cards' code and render.
 */
export function PopularMatches({ title, count, ...props }: PopularMatchesProps) {
  const [state, setState] = useState<'waiting' | 'loading' | 'shown' | 'hidden'>('waiting');
  const section = useRef<HTMLElement>(null);
  useEffect(() => whenNearScreen(section.current, () => setState((current) => (current === 'waiting' ? 'loading' : current))), []);
  const release = useRef<(() => void) | null>(null);
  const onSettled = useCallback((hasEvents: boolean) => {
    release.current = holdWhatFollows(section.current);
    setState(hasEvents ? 'shown' : 'hidden');
  }, []);
  useLayoutEffect(() => {
    release.current?.();
    release.current = null;
  }, [state]);
  if (state === 'hidden') return null;
  return (
    <PageSection ref={section} aria-labelledby="odds-title" aria-busy={state !== 'shown'}>
      <h2 id="odds-title">{title}</h2>
      {state !== 'waiting' && (
        <PartBoundary onError={() => setState('hidden')}>
          <Suspense fallback={null}>
            <OddsSection count={count} onSettled={onSettled} {...props} />
          </Suspense>
        </PartBoundary>
      )}
    </PageSection>
  );
}
