import React from 'react';
import { ThemeProvider } from 'styled-components';
import type { Brand } from '../domain/links';
import { GlobalStyle } from '../styles/GlobalStyle';
import { THEMES } from '../styles/themes';
import type { Texts } from './page-context';
import { TextsProvider } from './texts';
import { VisitorProvider } from './visitor';

/** Theme, texts and visitor for one page; every page renders inside it. */
export function PageShell({ brand, texts, children }: { brand: Brand; texts: Texts; children: React.ReactNode }) {
  return (
    <ThemeProvider theme={THEMES[brand]}>
      <GlobalStyle />
      <TextsProvider texts={texts}>
        <VisitorProvider>{children}</VisitorProvider>
      </TextsProvider>
    </ThemeProvider>
  );
}
