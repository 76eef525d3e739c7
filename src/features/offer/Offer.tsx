import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../components/Button';

const Hero = styled.section`
  padding: 32px 16px 40px;
  max-width: 960px;
  margin: 0 auto;

  h1 {
    margin: 0 0 12px;
    font-size: clamp(1.75rem, 6vw, 3rem);
    line-height: 1.15;
  }
  p {
    margin: 0 0 24px;
    color: ${({ theme }) => theme.muted};
    font-size: 1.1rem;
  }
`;

export interface OfferProps {
  title: string;
  text: string;
  cta: { href: string; label: string };
}

export function Offer({ title, text, cta }: OfferProps) {
  return (
    <Hero aria-labelledby="offer-title">
      <h1 id="offer-title">{title}</h1>
      <p>{text}</p>
      <ButtonLink href={cta.href}>{cta.label}</ButtonLink>
    </Hero>
  );
}
