import { useEffect, useState } from 'react';
import { PRELOADER_ICON_CYCLE_MS } from '../../domain/timing';

/** Index of the icon shown now: the next one every 1.5 s, round and round (spec 4, 9). */
export function useIconCycle(count: number, running: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), PRELOADER_ICON_CYCLE_MS);
    return () => clearInterval(timer);
  }, [count, running]);
  return index;
}
