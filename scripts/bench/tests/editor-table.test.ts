/** The editor phase's table: each figure the median of its rounds, the rounds beside it, a part never measured as "—". */
import { editorTable } from '../editor';

test('the open and the save are told by their medians, beside each round', () => {
  const table = editorTable({
    opens: [
      { listS: 4.2, bundleS: 1.1, configS: 1.9, entriesS: 3.0 },
      { listS: 3.1, bundleS: 0.9, configS: null, entriesS: 2.2 },
      { listS: 3.6, bundleS: 1.0, configS: 1.5, entriesS: 2.6 },
    ],
    saves: [
      { writtenS: 1.2, previewS: 2.5, rebuildS: 31 },
      { writtenS: 1.4, previewS: 2.9, rebuildS: 35 },
    ],
    bundleBytes: 5_167_389,
    configBytes: 509_311,
  });
  expect(table.rows).toEqual([
    ['open: the list of landings on screen', '3.6 s', '4.2, 3.1, 3.6'],
    ["… Decap's bundle arrived (5046 KB)", '1.0 s', ''],
    ['… the config arrived (497 KB)', '1.7 s', ''],
    ['… the entries arrived', '2.6 s', ''],
    ['save: "Publish now" → the file written (the build\'s checks)', '1.3 s', '1.2, 1.4'],
    ['save → the saved landing in the preview', '2.7 s', '2.5, 2.9'],
    ['save → the whole site rebuilt', '33.0 s', '31.0, 35.0'],
  ]);
});

test('a phase without saves says so rather than a figure', () => {
  const table = editorTable({ opens: [], saves: [], bundleBytes: 0, configBytes: 0 });
  expect(table.rows.map((row) => row[1])).toEqual(['—', '—', '—', '—', '—', '—', '—']);
});
