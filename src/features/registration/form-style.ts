import styled from 'styled-components';
import { outlinedButton } from '../../components/outlined-button';
import { TYPE } from '../../styles/type';
import { color } from '../../styles/themes';

/** The registration's form, at every step: the method tabs, the buttons, the form's error and the small print. */
export const Form = styled.form`
  display: grid;
  /* No column wider than the screen: a select is otherwise as wide as its longest option. */
  grid-template-columns: minmax(0, 1fr);

  .tabs {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 0.5rem;
    margin: 0 0 1rem;
  }
  .tabs button[aria-pressed='true'] {
    background: ${color.accent};
    color: ${color.onAccent};
  }
  button {
    min-height: 48px;
    padding: 0.625rem 1rem;
    ${outlinedButton}
  }
  button[type='submit'] {
    background: ${color.accent};
    color: ${color.onAccent};
  }
  button:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  .form-error {
    margin: 0 0 0.75rem;
    padding: 0.625rem 0.75rem;
    border-radius: 8px;
    background: rgba(255, 138, 128, 0.15);
    color: #ffb4ab;
    font-weight: ${TYPE.bold};
  }
  .small {
    margin: 0.75rem 0 0;
    font-size: ${TYPE.small};
    color: ${color.muted};
  }
  .row {
    display: flex;
    gap: 0.5rem;
  }
  .row > * {
    flex: 1;
  }
  /* The password and its show button share a line while both fit; with large text the button goes below. */
  .password {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .password input {
    flex: 1 1 5rem;
    min-width: 0;
  }
  .password button {
    flex: 0 1 auto;
  }
`;
