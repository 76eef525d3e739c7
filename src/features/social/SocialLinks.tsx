import React from 'react';
import styled from 'styled-components';
import { PageSection } from '../../components/PageSection';
import { belowTheFold } from '../../components/below-the-fold';
import { TextIcon } from '../../components/TextIcon';
import { color } from '../../styles/themes';

/** Network names are proper names: the same in every language. */
export const NETWORKS: Record<string, string> = {
  instagram: 'Instagram',
  vk: 'VK',
  telegram: 'Telegram',
  facebook: 'Facebook',
  twitter: 'X',
};

const Section = styled(PageSection)`
  ${belowTheFold(130)}
  h2 {
    font-size: 1.2rem;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: grid;
    place-items: center;
    width: 48px;
    height: 48px;
    border-radius: 50%;
    background: ${color.surface};
    color: ${color.text};
  }
`;

export interface SocialLinksProps {
  title: string;
  links: Partial<Record<string, string>>;
  /** "{brand} on {network}", already filled with the brand. */
  label: (network: string) => string;
}

export function SocialLinks({ title, links, label }: SocialLinksProps) {
  const entries = Object.entries(links).filter((entry): entry is [string, string] => Boolean(entry[1]) && entry[0] in NETWORKS);
  if (!entries.length) return null;
  return (
    <Section aria-labelledby="social-title">
      <h2 id="social-title">{title}</h2>
      <ul>
        {entries.map(([network, href]) => (
          <li key={network}>
            <a href={href} aria-label={label(NETWORKS[network])} target="_blank" rel="noopener noreferrer">
              <TextIcon path={`social/${network}.svg`} />
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
