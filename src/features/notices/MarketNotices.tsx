/**
 * The notices a market's regulator asks a promotional page to carry, already in the landing's language in
 * its context (docs/landings.md, "Markets: consent and notices"): built into the HTML, so they are there
 * before any script and move nothing.
 */
import React from 'react';
import styled from 'styled-components';
import type { MarketNotices as Notices, NoticeLine } from '../../domain/markets';
import { color } from '../../styles/themes';
import { TYPE } from '../../styles/type';

/** Set apart from the advertising: its own framed box under the offer, plain text on the surface colour. */
const Box = styled.aside`
  max-width: 960px;
  margin: 0 auto 1.5rem;
  padding: 0 1rem;

  > div {
    padding: 0.75rem 1rem;
    border: 2px solid ${color.muted};
    border-radius: 8px;
    background: ${color.surface};
    color: ${color.text};
    font-size: ${TYPE.small};
    overflow-wrap: anywhere;
  }
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
  }
  p {
    margin: 0.25rem 0 0;
  }
  a {
    color: inherit;
    text-decoration: underline;
  }
`;

/** One line; the helpline's number reads left to right on a right-to-left page too. */
export function NoticeText({ line }: { line: NoticeLine }) {
  return (
    <p data-notice={line.kind}>
      {line.parts.map((part, index) =>
        part.href === undefined ? (
          <React.Fragment key={index}>{part.text}</React.Fragment>
        ) : part.href.startsWith('tel:') ? (
          <a key={index} href={part.href} dir="ltr">
            {part.text}
          </a>
        ) : (
          <a key={index} href={part.href} rel="noopener noreferrer">
            {part.text}
          </a>
        ),
      )}
    </p>
  );
}

/** The lines, under the heading when the market has one (a market with the age line alone has none). */
export function NoticeLines({ notices }: { notices: Notices }) {
  return (
    <>
      {notices.title && <h2 id="notices-title">{notices.title}</h2>}
      {notices.lines.map((line) => (
        <NoticeText key={line.kind} line={line} />
      ))}
    </>
  );
}

/** The framed block beside the offer. */
export function OfferNotices({ notices }: { notices: Notices }) {
  return (
    <Box aria-labelledby={notices.title ? 'notices-title' : undefined} data-notices={notices.place}>
      <div>
        <NoticeLines notices={notices} />
      </div>
    </Box>
  );
}
