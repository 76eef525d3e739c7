import React from 'react';
import styled from 'styled-components';

const List = styled.ol`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;

  li {
    display: flex;
    align-items: center;
    gap: 12px;
    counter-increment: step;
  }
  li::before {
    content: counter(step);
    display: grid;
    place-items: center;
    flex: none;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: ${({ theme }) => theme.accent};
    color: ${({ theme }) => theme.onAccent};
    font-weight: 800;
  }
`;

const Section = styled.section`
  max-width: 960px;
  margin: 0 auto;
  padding: 8px 16px 32px;

  h2 {
    margin: 0 0 12px;
    font-size: 1.4rem;
  }
`;

export function Steps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <Section aria-labelledby="steps-title">
      <h2 id="steps-title">{title}</h2>
      <List>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </List>
    </Section>
  );
}
