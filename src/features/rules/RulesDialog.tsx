import React, { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { fetchPromotionRules } from './calls/rules';
import type { Translate } from '../../site/texts';
import { sanitizeRulesHtml } from './sanitize';

const Dialog = styled.dialog`
  width: min(640px, calc(100vw - 24px));
  max-height: calc(100vh - 48px);
  padding: 0;
  border: 0;
  border-radius: 12px;
  background: #fff;
  color: #111;

  &::backdrop {
    background: rgba(0, 0, 0, 0.6);
  }
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    padding: 0.75rem 1rem;
    border-bottom: 1px solid #ddd;
  }
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  button {
    min-width: 44px;
    min-height: 44px;
    border: 2px solid #111;
    border-radius: 8px;
    background: #fff;
    font: inherit;
    font-weight: 700;
  }
  .body {
    padding: 1rem;
    overflow: auto;
    max-height: calc(100vh - 140px);
  }
  .body a {
    color: #0b57d0;
  }
`;

type Load = { state: 'loading' } | { state: 'shown'; html: string } | { state: 'failed' };

/** Spec 7 /ajax/html/get: the promotion's rules, sanitised, in an accessible modal (native <dialog>). */
export default function RulesDialog({
  promoId,
  language,
  t,
  onClose,
}: {
  promoId: number;
  language: string;
  t: Translate;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    const controller = new AbortController();
    fetchPromotionRules(promoId, language, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setLoad(result.ok ? { state: 'shown', html: sanitizeRulesHtml(result.data.html) } : { state: 'failed' });
    });
    return () => controller.abort();
  }, [promoId, language]);

  return (
    <Dialog ref={dialog} aria-labelledby="rules-title" onClose={onClose} onCancel={onClose}>
      <header>
        <h2 id="rules-title">{t('rules.title')}</h2>
        <button type="button" onClick={() => dialog.current?.close()} aria-label={t('rules.close')}>
          ✕
        </button>
      </header>
      {/* Long rules scroll inside the dialog: focusable so keyboard users can scroll them too (axe scrollable-region-focusable). */}
      <div
        className="body"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region keyboard users must reach (axe scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-labelledby="rules-title"
        aria-live="polite"
        aria-busy={load.state === 'loading'}
      >
        {load.state === 'loading' && <p>{t('rules.loading')}</p>}
        {load.state === 'failed' && <p role="alert">{t('rules.error')}</p>}
        {/* Sanitised above: the main site's HTML never reaches the page as it came. */}
        {load.state === 'shown' && <div dangerouslySetInnerHTML={{ __html: load.html }} />}
      </div>
    </Dialog>
  );
}
