import React from 'react';
import styled from 'styled-components';
import type { Brand } from '../domain/links';
import { InlineIcon } from './InlineIcon';
import { ButtonLink } from './Button';
import { siteLinkAttributes, type SiteLink } from './site-link';
import { TYPE } from '../styles/type';
import { color } from '../styles/themes';

/** The header's buttons are this tall; the bar is never less, so the logo sits where it will stay. */
const ACTION_HEIGHT = 44;

/*
 * The browser may paint the page while the parser is still between the logo and the buttons. The logo
 * stands at the top of the bar, in a box as tall as one button, so buttons that arrive later, or wrap
 * into rows at a large text size, make the bar taller without moving the logo.
 */
const Bar = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.75rem 1rem;
  min-height: ${ACTION_HEIGHT + 2 * 12}px;
  background: ${color.surface};
  /* A 360 px phone has room for the logo and two buttons only when each gives a little. */
  @media (max-width: 420px) {
    gap: 0.5rem;
    padding: 0.625rem 0.75rem;
    min-height: ${ACTION_HEIGHT + 2 * 10}px;
  }
`;

const Logo = styled.a`
  display: flex;
  align-items: center;
  flex: none;
  min-height: ${ACTION_HEIGHT}px;
  padding: 0.25rem 0;

  > span {
    display: block;
    width: 120px;
    height: 30px;
  }
  @media (max-width: 420px) {
    > span {
      width: 96px;
      height: 24px;
    }
  }
`;

/**
 * The buttons wrap under each other rather than run off the screen where their words are long. They
 * stand at the end of the bar, so each one the parser adds moves those before it: until the marker
 * after the last one has come they are not drawn, and a paint in between shows nothing that moves.
 */
const Actions = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.5rem;
  min-width: 0;
  &:not(:has(> [data-nav-end])) {
    visibility: hidden;
  }
  @media (max-width: 420px) {
    gap: 0.375rem;
  }
`;

const Small = styled(ButtonLink)`
  min-height: ${ACTION_HEIGHT}px;
  padding: 0.5rem 0.875rem;
  @media (max-width: 420px) {
    padding: 0.375rem 0.625rem;
    font-size: ${TYPE.small};
  }
`;

export interface HeaderProps {
  brand: Brand;
  brandName: string;
  /** The logo's link to the main site's home; its clicks are tracked (click_logo_landing). */
  home: SiteLink;
  homeLabel: string;
  navLabel: string;
  /** Each with its audience: login and registration for anonymous visitors, the site for logged-in ones. */
  links: SiteLink[];
}

/** Static HTML: the browser points its links for the visitor and shows the variant for their login state. */
export function Header({ brand, brandName, home, homeLabel, navLabel, links }: HeaderProps) {
  return (
    <Bar>
      <Logo {...siteLinkAttributes(home)} aria-label={homeLabel} data-track="click_logo_landing">
        <InlineIcon path={`logos/${brand}.svg`} label={brandName} />
      </Logo>
      <Actions aria-label={navLabel}>
        {links.map((link) => (
          <Small
            key={`${link.page}-${link.audience}`}
            {...siteLinkAttributes(link)}
            variant={link.page === 'login' ? 'secondary' : undefined}
          >
            {link.label}
          </Small>
        ))}
        <span data-nav-end hidden />
      </Actions>
    </Bar>
  );
}
