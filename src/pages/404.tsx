import { type HeadFC, Link, type PageProps } from 'gatsby';
import React, { useMemo } from 'react';
import styled from 'styled-components';
import type { Brand } from '../domain/links';
import { parseLandingPath } from '../domain/paths';
import type { NotFoundPageContext } from '../domain/page-context';
import { PageShell } from '../site/PageShell';
import { SeoHead } from '../site/SeoHead';
import { useHydrated } from '../runtime/hydrated';
import { makeTranslate } from '../site/texts';

const Main = styled.main`
  max-width: 640px;
  margin: 0 auto;
  padding: 3rem 1rem;
  text-align: center;

  .code {
    font-size: 4rem;
    font-weight: 800;
    margin: 0;
  }
  a {
    display: inline-block;
    margin-top: 1rem;
    padding: 0.75rem 1.25rem;
  }
`;

const BRANDS: readonly Brand[] = ['zenit', 'zenbet', 'cupis'];

interface Choice {
  brand: Brand;
  language: string;
}

/** The one 404 file answers every missing path: its brand and language come from that path. */
function choose(pathname: string, context: NotFoundPageContext): Choice | null {
  const parts = parseLandingPath(pathname) ?? parseLandingPath(`${pathname}/x`);
  if (!parts || !(parts.language in context.languages)) return null;
  const brand = BRANDS.find((candidate) => candidate === parts.brand) ?? 'zenit';
  return { brand, language: parts.language };
}

function homeOf(choice: Choice, homes: readonly string[]): string {
  return (
    homes.find((home) => home === `/${choice.brand}/${choice.language}/freebet30/`) ??
    homes.find((home) => home.split('/')[2] === choice.language) ??
    '/'
  );
}

export default function NotFoundPage({ pageContext, location }: PageProps<object, NotFoundPageContext>) {
  // One 404.html answers every missing address: its language comes from the address, known in the browser only.
  const ready = useHydrated();
  const chosen = useMemo(() => choose(location.pathname, pageContext), [location.pathname, pageContext]);
  const choice = ready ? chosen : null;

  const language = choice ? pageContext.languages[choice.language] : pageContext.languages.en;
  const t = makeTranslate(language.texts);
  return (
    <PageShell brand={choice?.brand ?? 'zenit'} texts={language.texts}>
      <Main lang={language.lang} dir={language.dir}>
        <p className="code" aria-hidden="true">
          404
        </p>
        {ready && (
          <>
            <h1>{t('notFound.title')}</h1>
            <p>{t('notFound.text')}</p>
            <Link to={choice ? homeOf(choice, pageContext.homes) : '/'}>{t('notFound.action')}</Link>
          </>
        )}
      </Main>
    </PageShell>
  );
}

export const Head: HeadFC<object, NotFoundPageContext> = () => <SeoHead lang="mul" dir="ltr" title="404" brand="zenit" noindex />;
