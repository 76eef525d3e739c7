import React from 'react';
import styled from 'styled-components';
import { PageSection } from '../../components/PageSection';
import { belowTheFold } from '../../components/below-the-fold';
import { TYPE } from '../../styles/type';
import { color } from '../../styles/themes';

const Section = styled(PageSection)`
  ${belowTheFold(240)}
`;

const List = styled.ol`
  display: grid;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;

  li {
    display: flex;
    align-items: center;
    gap: 0.75rem;
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
    background: ${color.accent};
    color: ${color.onAccent};
    font-weight: ${TYPE.bold};
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
