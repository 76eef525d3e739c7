import React, { Suspense, useInsertionEffect, useState } from 'react';
import type { Brand } from '../domain/links';
import { ensureBaseRules } from './base-rules';
import type { GlobalStyle as GlobalStyleComponent } from '../styles/GlobalStyle';
import { THEMES, themeEntries } from '../styles/themes';
import { lazyPart, PartBoundary } from '../runtime/lazy-part';
import type { Texts } from '../domain/page-context';
import { documentHasServerHead } from './SeoHead';
import { BUILT_STYLES_ATTRIBUTE } from './server-styles';
import { TextsProvider } from './texts';
import { VisitorProvider } from './visitor';

/**
 * The global style's module (and with it the styling library) is in the server's render and in develop;
 * the browser's build leaves it out of the first load, where the built page's stylesheet already holds
 * its rules, and fetches it only for a render without any built stylesheet (the offline app shell).
 */
const BuildGlobalStyle: typeof GlobalStyleComponent | null =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require webpack drops from the browser bundle at build
  process.env.BUILD_STAGE === 'build-javascript' ? null : require('../styles/GlobalStyle').GlobalStyle;
const LazyGlobalStyle = lazyPart<{ $brand: Brand }>(() =>
  import('../styles/GlobalStyle').then(({ GlobalStyle }) => ({ default: GlobalStyle })),
);

const hasBuiltStyles = () => typeof document !== 'undefined' && document.querySelector(`style[${BUILT_STYLES_ATTRIBUTE}]`) !== null;

/**
 * The global CSS. Where the document came with a built stylesheet, its rules are there already;
 * rendered again, the global style would insert them anew, and each change of the sheet restyles the
 * whole document at start-up. Only the brand's colours are set again where this page is not the one the
 * server wrote the document for (a client-side navigation may change the brand; a landing's own load
 * never touches them). Without any built stylesheet (develop, the offline app shell) the global style is
 * rendered, after the base rules (base-rules.ts).
 */
function PageGlobalStyle({ brand, built }: { brand: Brand; built: boolean }) {
  useInsertionEffect(() => {
    if (!built) ensureBaseRules(document);
    else if (!documentHasServerHead()) {
      for (const [property, value] of themeEntries(THEMES[brand])) document.documentElement.style.setProperty(property, value);
    }
  }, [built, brand]);
  if (built) return null;
  if (BuildGlobalStyle) return <BuildGlobalStyle $brand={brand} />;
  // A style that cannot load leaves the page unstyled rather than blank.
  return (
    <PartBoundary>
      <LazyGlobalStyle $brand={brand} />
    </PartBoundary>
  );
}

/**
 * Global style, texts and visitor for one page; every page renders inside it. The brand's colours are custom properties the global style sets (styles/themes.ts).
 * Where the global style's code has still to come (the offline app shell), the page waits for it in one
 * boundary with its content: nothing shows before the page is dressed in its brand, not one frame.
 */
export function PageShell({ brand, texts, children }: { brand: Brand; texts: Texts; children: React.ReactNode }) {
  const [built] = useState(hasBuiltStyles);
  const page = (
    <>
      <PageGlobalStyle brand={brand} built={built} />
      <TextsProvider texts={texts}>
        <VisitorProvider>{children}</VisitorProvider>
      </TextsProvider>
    </>
  );
  // Only where no server HTML is hydrated: a boundary the server did not write would not match its markup.
  return built || BuildGlobalStyle ? page : <Suspense fallback={null}>{page}</Suspense>;
}
