import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../components/Button';
import { siteLinkAttributes, type SiteLink } from '../../components/site-link';
import { color } from '../../styles/themes';

const Hero = styled.section`
  max-width: 960px;
  margin: 0 auto;
  padding: 1.5rem 1rem 2rem;

  h1 {
    margin: 0 0 0.75rem;
    font-size: clamp(1.75rem, 7vw, 3rem);
    line-height: 1.15;
  }
  > p {
    margin: 0 0 1.25rem;
    color: ${color.muted};
    font-size: 1.1rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
  .actions a {
    flex: 1 1 220px;
  }
`;

export interface OfferProps {
  title: string;
  text: string;
  actions: (SiteLink & { secondary?: boolean })[];
  /** Shown between the text and the actions (the countdown). */
  children?: React.ReactNode;
}

export function Offer({ title, text, actions, children }: OfferProps) {
  return (
    <Hero aria-labelledby="offer-title" id="offer">
      <h1 id="offer-title">{title}</h1>
      <p>{text}</p>
      {children}
      <div className="actions">
        {actions.map((action) => (
          <ButtonLink
            key={`${action.href} ${action.label} ${action.audience}`}
            {...siteLinkAttributes(action)}
            variant={action.secondary ? 'secondary' : 'primary'}
          >
            {action.label}
          </ButtonLink>
        ))}
      </div>
    </Hero>
  );
}
