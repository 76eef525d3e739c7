import React from 'react';
import styled from 'styled-components';
import { belowTheFold } from './below-the-fold';
import { siteLinkAttributes, type SiteLink } from './site-link';
import { TYPE } from '../styles/type';
import { color } from '../styles/themes';

export const FooterBox = styled.footer`
  ${belowTheFold(290)}
  padding: 24px 16px 32px;
  background: ${color.surface};
  color: ${color.muted};
  font-size: ${TYPE.small};

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 20px;
    margin: 0 0 16px;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: 10px 0;
  }
  p {
    margin: 8px 0 0;
  }
`;

export type FooterLink = SiteLink;

export function Footer({ links, notes, label, extra }: { links: FooterLink[]; notes: string[]; label?: string; extra?: React.ReactNode }) {
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
            {extra && <li>{extra}</li>}
          </ul>
        </nav>
      )}
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </FooterBox>
  );
}
