import React, { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import type { Brand } from '../domain/links';
import { GlobalStyle } from '../styles/GlobalStyle';
import { THEMES } from '../styles/themes';
import type { Texts } from './page-context';
import { documentHasServerHead } from './SeoHead';
import { TextsProvider } from './texts';
import { VisitorProvider } from './visitor';

/**
 * The global CSS. On the page the server wrote the document for, its rules are already in the server's
 * style sheet, which styled-components takes over as it starts; rendered again there, the global style
 * deletes its rules and inserts them anew, and each change of the sheet restyles the whole document at
 * start-up. After a client-side navigation (or where there was no server HTML) it is rendered.
 */
function PageGlobalStyle() {
  const [inServerSheet] = useState(documentHasServerHead);
  return inServerSheet ? null : <GlobalStyle />;
}

/** Theme, texts and visitor for one page; every page renders inside it. */
export function PageShell({ brand, texts, children }: { brand: Brand; texts: Texts; children: React.ReactNode }) {
  return (
    <ThemeProvider theme={THEMES[brand]}>
      <PageGlobalStyle />
      <TextsProvider texts={texts}>
        <VisitorProvider>{children}</VisitorProvider>
      </TextsProvider>
    </ThemeProvider>
  );
}
