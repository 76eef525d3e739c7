import React from 'react';
import styled from 'styled-components';
import { PageSection } from '../../components/PageSection';
import { belowTheFold } from '../../components/below-the-fold';
import { ButtonLink } from '../../components/Button';
import { TextIcon } from '../../components/TextIcon';
import { siteLinkAttributes, type SiteLink } from '../../components/site-link';
import { color } from '../../styles/themes';

const Section = styled(PageSection)`
  ${belowTheFold(760)}
  h2 {
    margin-bottom: 0.5rem;
  }
  p {
    margin: 0 0 1rem;
    color: ${color.muted};
  }
  ul {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    width: 100%;
    gap: 0.625rem;
  }
  .picture {
    display: flex;
    justify-content: center;
    margin: 0 0 1rem;
  }
`;

export interface AppLink extends SiteLink {
  icon: 'android' | 'ios' | 'windows';
}

/** Spec 2: Android, iOS and Windows downloads of the main site's apps. */
export function AppLinks({ title, text, links, picture }: { title: string; text: string; links: AppLink[]; picture?: React.ReactNode }) {
  return (
    <Section aria-labelledby="apps-title">
      <h2 id="apps-title">{title}</h2>
      <p>{text}</p>
      {picture && <div className="picture">{picture}</div>}
      <ul>
        {links.map((link) => (
          <li key={link.icon}>
            <ButtonLink {...siteLinkAttributes(link)} variant="secondary">
              <TextIcon path={`apps/${link.icon}.svg`} />
              {link.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
