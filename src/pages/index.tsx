import { type HeadFC, Link, type PageProps } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import type { IndexPageContext } from '../domain/page-context';
import { PageShell } from '../site/PageShell';
import { SeoHead } from '../site/SeoHead';

const Main = styled.main`
  max-width: 960px;
  margin: 0 auto;
  padding: 2rem 1rem;

  h1 {
    margin: 0 0 1.5rem;
    font-size: 2rem;
  }
  h2 {
    margin: 1.5rem 0 0.75rem;
  }
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: block;
    padding: 0.75rem;
    border-radius: 8px;
    background: rgba(255, 255, 255, 0.08);
    text-decoration: none;
  }
`;

/**
 * /promo/ itself: a visitor who strips the path off a partner link lands here. There is no single
 * language to speak, so the page lists each brand's languages by their own names (no loader, spec 2).
 */
export default function IndexPage({ pageContext }: PageProps<object, IndexPageContext>) {
  const title = pageContext.brands.map((brand) => brand.name).join(' · ');
  return (
    <PageShell brand="zenit" texts={{}}>
      <Main>
        <h1>{title}</h1>
        {pageContext.brands.map((brand) => (
          <section key={brand.brand} aria-labelledby={`brand-${brand.brand}`}>
            <h2 id={`brand-${brand.brand}`}>{brand.name}</h2>
            <ul>
              {brand.languages.map((language) => (
                <li key={language.code}>
                  <Link to={language.path} lang={language.lang} dir={language.dir} hrefLang={language.lang}>
                    {language.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Main>
    </PageShell>
  );
}

export const Head: HeadFC<object, IndexPageContext> = ({ pageContext }) => (
  <SeoHead lang="mul" dir="ltr" title={pageContext.brands.map((brand) => brand.name).join(' · ')} path="/" brand="zenit" />
);
