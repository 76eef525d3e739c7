import React, { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { whenIdle } from '../../site/idle';
import type { OddsSectionProps } from './OddsSection';

const OddsSection = lazy(() => import('./OddsSection'));

/** Placed below the fold: when the cards arrive or the section goes, nothing the visitor sees moves. */
const Section = styled.section`
  max-width: 960px;
  margin: 0 auto;
  padding: 8px 16px 32px;

  h2 {
    margin: 0 0 12px;
    font-size: 1.4rem;
  }
`;

export type PopularMatchesProps = Omit<OddsSectionProps, 'onSettled'> & { title: string };

/** Popular matches with odds (spec 3, 7): shown once the line answers, hidden when it fails or is empty. */
export function PopularMatches({ title, count, ...props }: PopularMatchesProps) {
  const [state, setState] = useState<'waiting' | 'loading' | 'shown' | 'hidden'>('waiting');
  useEffect(() => whenIdle(() => setState((current) => (current === 'waiting' ? 'loading' : current))), []);
  const onSettled = useCallback((hasEvents: boolean) => setState(hasEvents ? 'shown' : 'hidden'), []);
  if (state === 'hidden') return null;
  return (
    <Section aria-labelledby="odds-title" aria-busy={state !== 'shown'}>
      <h2 id="odds-title">{title}</h2>
      {state !== 'waiting' && (
        <Suspense fallback={null}>
          <OddsSection count={count} onSettled={onSettled} {...props} />
        </Suspense>
      )}
    </Section>
  );
}
