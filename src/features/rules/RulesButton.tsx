import React, { Suspense, useState } from 'react';
import styled from 'styled-components';
import { lazyPart, PartBoundary } from '../../site/lazy-part';
import type { Translate } from '../../site/texts';

const RulesDialog = lazyPart(() => import('./RulesDialog'));

const Button = styled.button`
  padding: 10px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.link};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

/** The rules link; the dialog and its sanitiser load only when a visitor asks for the rules. */
export function RulesButton({ promoId, language, t, onOpen }: { promoId: number; language: string; t: Translate; onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {t('links.rules')}
      </Button>
      {open && (
        <PartBoundary>
          <Suspense fallback={null}>
            <RulesDialog promoId={promoId} language={language} t={t} onClose={() => setOpen(false)} />
          </Suspense>
        </PartBoundary>
      )}
    </>
  );
}
