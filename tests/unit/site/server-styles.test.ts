/**
 * The styled-components server sheet split into plain rules and markers (src/site/server-styles.ts),
 * from a sheet styled-components itself writes: every rule kept once and in order, every marker kept
 * for its rehydration, nothing else.
 */
import React from 'react';
import { renderToString } from 'react-dom/server';
import styled, { ServerStyleSheet } from 'styled-components';
import { SHEET_SPLITTER, splitServerSheet } from '../../../src/site/server-styles';

const Base = styled.a<{ $tone?: 'dark' | 'light' }>`
  display: inline-flex;
  color: ${({ $tone }) => ($tone === 'light' ? '#fff' : '#111')};
  @media (min-width: 600px) {
    padding: 12px;
  }
`;
const Small = styled(Base)`
  min-height: 32px;
`;

function serverSheet(): string {
  const sheet = new ServerStyleSheet();
  const h = React.createElement;
  renderToString(
    sheet.collectStyles(
      h(React.Fragment, null, h(Base, { href: '/a' }, 'a'), h(Base, { href: '/b', $tone: 'light' }, 'b'), h(Small, { href: '/c' }, 'c')),
    ),
  );
  const css = sheet.instance.toString();
  sheet.seal();
  return css;
}

describe('splitServerSheet', () => {
  const css = serverSheet();
  const parts = css.split(SHEET_SPLITTER).filter(Boolean);
  const { rules, markers } = splitServerSheet(css);

  test('the sheet styled-components writes holds rules and markers (the format the split reads)', () => {
    expect(parts.some((part) => part.startsWith('data-styled.g'))).toBe(true);
    expect(parts.some((part) => part.startsWith('@media'))).toBe(true);
  });

  test('the rules keep every rule once, in the order of the sheet, and no marker', () => {
    const ruleParts = parts.filter((part) => !part.startsWith('data-styled.g'));
    expect(rules.split('\n')).toEqual(ruleParts);
    expect(rules).not.toContain('data-styled');
    // The extension's rule comes after its base's, as styled-components ordered them.
    const baseClass = /\.([\w-]+)\{display:inline-flex/.exec(rules)?.[1];
    expect(rules.indexOf('min-height:32px')).toBeGreaterThan(rules.indexOf(`.${baseClass}{`));
  });

  test('the markers keep every marker in the format styled-components reads, and no rule', () => {
    const markerParts = parts.filter((part) => part.startsWith('data-styled.g'));
    const numbersOff = (text: string) => text.replace(/data-styled\.g\d+\[/g, 'data-styled.g[');
    expect(numbersOff(markers)).toBe(numbersOff(markerParts.map((part) => part + SHEET_SPLITTER).join('')));
    expect(markers).toMatch(/^data-styled\.g1\[id="[\w-]+"\]\{content:"[\w-]+,[\w-]*,?"\}/);
    expect(markers).not.toMatch(/display:|min-height:/);
  });

  test('the same page rendered by workers that met its components in another order gets the same markers', () => {
    const sheetWithGroups = (first: number, second: number) =>
      [
        '.a{color:red;}',
        `data-styled.g${first}[id="sc-base"]{content:"a,b,"}`,
        '.c{min-height:32px;}',
        `data-styled.g${second}[id="sc-small"]{content:"c,"}`,
        `data-styled.g${second}[id="sc-small"]{content:"d,"}`,
      ].join(SHEET_SPLITTER) + SHEET_SPLITTER;
    const early = splitServerSheet(sheetWithGroups(3, 4));
    const late = splitServerSheet(sheetWithGroups(28, 31));
    expect(late).toEqual(early);
    expect(late.markers.split(SHEET_SPLITTER).filter(Boolean)).toEqual([
      'data-styled.g1[id="sc-base"]{content:"a,b,"}',
      'data-styled.g2[id="sc-small"]{content:"c,"}',
      'data-styled.g2[id="sc-small"]{content:"d,"}',
    ]);
  });

  test('an empty sheet gives empty parts', () => {
    expect(splitServerSheet('')).toEqual({ rules: '', markers: '' });
  });
});
