import React, { Suspense } from 'react';

/**
 * A section of server-rendered HTML React hydrates after the page's shell, in slices it can pause
 * between (React leaves a dehydrated Suspense boundary for a later, interruptible pass), so hydrating a
 * long landing never blocks a phone's main thread in one long task. A tap on a section not yet hydrated
 * hydrates it at once and is replayed. The fallback is never shown: nothing inside suspends.
 */
export function HydrateLater({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
