import React from 'react';
import styled from 'styled-components';
import { belowTheFold } from './below-the-fold';
import { siteLinkAttributes, type SiteLink } from './site-link';
import { TYPE } from '../styles/type';
import { color } from '../styles/themes';

export const FooterBox = styled.footer`
  ${belowTheFold(290)}
  padding: 1.5rem 1rem 2rem;
  background: ${color.surface};
  color: ${color.muted};
  font-size: ${TYPE.small};

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.25rem;
    margin: 0 0 1rem;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: 0.625rem 0;
  }
  p {
    margin: 0.5rem 0 0;
  }
  h2 {
    margin: 1rem 0 0;
    font-size: 1rem;
  }
`;

export type FooterLink = SiteLink;

export interface FooterProps {
  links: FooterLink[];
  notes: string[];
  label?: string;
  /** Buttons after the links, each keyed. */
  extras?: React.ReactElement[];
  /** Before the notes: what the market asks the footer to say. */
  children?: React.ReactNode;
}

export function Footer({ links, notes, label, extras = [], children }: FooterProps) {
  return (
    <FooterBox data-reveal="">
      {links.length > 0 && (
        <nav aria-label={label}>
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <a {...siteLinkAttributes(link)}>{link.label}</a>
              </li>
            ))}
            {extras.map((extra) => (
              <li key={extra.key}>{extra}</li>
            ))}
          </ul>
        </nav>
      )}
      {children}
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </FooterBox>
  );
}
