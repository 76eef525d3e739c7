import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../components/Button';

const Section = styled.section`
  max-width: 960px;
  margin: 0 auto;
  padding: 8px 16px 32px;

  h2 {
    margin: 0 0 16px;
    font-size: 1.4rem;
  }
  ul {
    display: grid;
    gap: 12px;
    grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    width: 100%;
  }
`;

export interface AppLink {
  href: string;
  label: string;
}

/** Spec 2: Android, iOS and Windows downloads of the main site's apps. */
export function AppLinks({ title, links }: { title: string; links: AppLink[] }) {
  return (
    <Section aria-labelledby="apps-title">
      <h2 id="apps-title">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <ButtonLink href={link.href} $variant="secondary">
              {link.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
