import React from 'react';
import { createRoot } from 'react-dom/client';
import { lazyPart } from '../../runtime/lazy-part';
import type { Translate } from '../../site/texts';

const RulesDialog = lazyPart(() => import('./RulesDialog'));

export interface RulesRequest {
  promoId: number;
  language: string;
  t: Translate;
  /** Where focus goes back when the dialog closes. */
  opener: HTMLElement;
}

let open = false;

/**
 * The rules dialog in a small React root of its own: the page around it is static HTML, and the dialog
 * exists only while a visitor reads the rules. A second click while it is open does nothing.
 */
export function openRules({ promoId, language, t, opener }: RulesRequest): void {
  if (open) return;
  open = true;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const close = () => {
    root.unmount();
    container.remove();
    open = false;
    opener.focus();
  };
  root.render(
    <React.Suspense fallback={null}>
      <RulesDialog promoId={promoId} language={language} t={t} onClose={close} />
    </React.Suspense>,
  );
}
