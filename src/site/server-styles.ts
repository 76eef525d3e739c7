/**
 * The server's styled-components sheet, split in two (issue 12). styled-components writes its rules and,
 * after each component's rules, a marker naming the classes it made (`data-styled.g<N>[id="<component>"]
 * {content:"<class>,<class>,"}`), all in one `<style data-styled>`. In the browser it "rehydrates" that
 * tag: reads it, registers the class names, inserts every rule again into a sheet of its own and removes
 * the server's tag. The rules are the same, but the page's stylesheets changed, so the browser restyled
 * the whole document and laid it out again in one task at start-up.
 *
 * Split, the rules stand in a plain `<style>` that styled-components never touches, and its own tag
 * holds only the markers: it still learns every class the server made, so it inserts nothing for them,
 * and only classes the browser makes later (a state the build did not render) go into its sheet, after
 * the server's rules. That order is right as long as no class made later belongs to a component another
 * one extends (`styled(Base)`) on an element whose extension the server styled: the extension's rules
 * would then come first and lose. Today no styled component is extended: the ones that are (`ButtonLink`,
 * `PageSection`) are plain markup whose rules come first of all (styles/base-rules.ts), and `TextIcon`
 * extends the plain `InlineIcon`.
 */

/** The attribute of the built page's own stylesheet: the base rules, then every styled rule. */
export const BUILT_STYLES_ATTRIBUTE = 'data-built-styles';

/** What styled-components writes after each rule or marker of its server sheet. */
export const SHEET_SPLITTER = '/*!sc*/\n';
const MARKER_PREFIX = 'data-styled.g';

export interface SplitSheet {
  /** Every rule, in the server's order, as plain CSS. */
  rules: string;
  /** The markers only, in the server's format, for styled-components to read. */
  markers: string;
}

export function splitServerSheet(css: string): SplitSheet {
  const parts = css.split(SHEET_SPLITTER).filter((part) => part.trim() !== '');
  return {
    rules: parts.filter((part) => !part.startsWith(MARKER_PREFIX)).join('\n'),
    markers: parts
      .filter((part) => part.startsWith(MARKER_PREFIX))
      .map((part) => part + SHEET_SPLITTER)
      .join(''),
  };
}
