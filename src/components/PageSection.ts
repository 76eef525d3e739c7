import styled from 'styled-components';
import { TYPE } from '../styles/type';

/**
 * A band of the landing below the offer: one column, readable width, its heading sized alike everywhere.
 * It comes alive as it scrolls in (data-reveal, src/features/reveal).
 */
export const PageSection = styled.section.attrs<{ 'data-reveal'?: string }>({ 'data-reveal': '' })`
  max-width: 960px;
  margin: 0 auto;
  padding: 8px 16px 32px;

  h2 {
    margin: 0 0 12px;
    font-size: ${TYPE.heading};
  }
`;
