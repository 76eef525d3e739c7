/**
 * The server's styled-components sheet, split in two. styled-components writes its rules and, after
 * each component's, a marker naming the classes it made (`data-styled.g<N>[id="<component>"]{content:
 * "<class>,"}`) into one `<style data-styled>`, which the browser side reads, inserts again into a sheet
 * of its own and removes: the page's stylesheets change, so the whole document is restyled at start-up.
 * Split, the rules stand in a plain `<style>` it never touches and its tag holds only the markers, so it
 * inserts nothing for the server's classes; classes made later go into its sheet, after the server's
 * rules. That order holds while no styled component is extended (`styled(Base)`): the extended ones
 * (`ButtonLink`, `PageSection`) are plain markup whose rules come first (base-rules.ts), and
 * `TextIcon` extends the plain `InlineIcon`.
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

/**
 * The markers with their groups numbered 1, 2, 3… in the sheet's order. styled-components numbers a group
 * when a render worker first meets its component, and Gatsby hands pages to workers as they come free, so
 * the same page got other numbers in another build and travelled on a publish with nothing changed. The
 * numbers only order the groups and name them to the browser side, so the order of appearance keeps both.
 */
function renumberGroups(markers: string[]): string[] {
  const numbers = new Map<string, number>();
  return markers.map((marker) =>
    marker.replace(/^data-styled\.g(\d+)\[/, (_, group: string) => {
      if (!numbers.has(group)) numbers.set(group, numbers.size + 1);
      return `${MARKER_PREFIX}${numbers.get(group)}[`;
    }),
  );
}

export function splitServerSheet(css: string): SplitSheet {
  const parts = css.split(SHEET_SPLITTER).filter((part) => part.trim() !== '');
  return {
    rules: parts.filter((part) => !part.startsWith(MARKER_PREFIX)).join('\n'),
    markers: renumberGroups(parts.filter((part) => part.startsWith(MARKER_PREFIX)))
      .map((part) => part + SHEET_SPLITTER)
      .join(''),
  };
}
