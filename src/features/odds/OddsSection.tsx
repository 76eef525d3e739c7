import React, { useEffect, useState } from 'react';
import { fetchPopularEvents, type PopularEvent } from './calls/line';
import type { OddsCardsProps } from './OddsCards';
import { OddsCards } from './OddsCards';

export interface OddsSectionProps extends Omit<OddsCardsProps, 'events'> {
  ranking: number;
  count: number;
  langId: number;
  /** Called once the call settles: with no events the section is hidden (spec 8). */
  onSettled: (hasEvents: boolean) => void;
}

/** Loaded as its own chunk after first paint (the cards are not in the first-load JavaScript). */
export default function OddsSection({ ranking, count, langId, onSettled, ...cards }: OddsSectionProps) {
  const [events, setEvents] = useState<PopularEvent[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPopularEvents(ranking, langId, count, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      const list = result.ok ? result.data : [];
      setEvents(list);
      onSettled(list.length > 0);
    });
    return () => controller.abort();
  }, [ranking, langId, count, onSettled]);
  if (!events?.length) return null;
  return <OddsCards events={events} {...cards} />;
}
