import React, { createContext, useContext, useEffect } from 'react';
import { deviceFromUserAgent } from '../domain/device';
import type { Device } from '../domain/links';
import type { PartnerParams } from '../domain/partner';
import { capturePartnerParams } from '../early/partner-storage';
import { inNextTask } from '../early/next-task';
import { safeStorage } from '../runtime/storage';
import { useTransitionState } from '../runtime/transition-state';

export interface Visitor extends PartnerParams {
  device: Device;
}

/** What the static HTML assumes before the browser tells more: most visitors come on phones. */
const FIRST_RENDER: Visitor = { device: 'mobile', partnerUid: null, promoCode: null };

const VisitorContext = createContext<Visitor>(FIRST_RENDER);

interface NavigatorUAData {
  userAgentData?: { mobile?: boolean };
}

function sameVisitor(a: Visitor, b: Visitor): boolean {
  return a.device === b.device && a.partnerUid === b.partnerUid && a.promoCode === b.promoCode;
}

/**
 * The visitor as the browser tells now. A handler that leads away (a game's page) reads this rather than
 * the rendered visitor, which a part woken by a tap may not have received yet.
 */
export function currentVisitor(): Visitor {
  const mobile = (navigator as Navigator & NavigatorUAData).userAgentData?.mobile;
  return { device: deviceFromUserAgent(navigator.userAgent, mobile), ...capturePartnerParams(window.location.search, safeStorage()) };
}

export function VisitorProvider({ children }: { children: React.ReactNode }) {
  const [visitor, setVisitor] = useTransitionState<Visitor>(FIRST_RENDER);
  useEffect(() => {
    let active = true;
    // In a task of its own, as the account's (AccountProvider.tsx): the page's first effects share one task.
    inNextTask(window, () => {
      if (!active) return;
      const next = currentVisitor();
      // Most visitors are what the static HTML assumed: keeping the same object spares the whole page a re-render.
      setVisitor((current) => (sameVisitor(current, next) ? current : next));
    });
    return () => {
      active = false;
    };
  }, [setVisitor]);
  return <VisitorContext.Provider value={visitor}>{children}</VisitorContext.Provider>;
}

export function useVisitor(): Visitor {
  return useContext(VisitorContext);
}
