/**
 * `npm run ci:publish`: the built public/ made live at PUBLISH_ROOT by `npm run publish`, which checks the
 * release before the switch and leaves the live one as it was when the check fails (docs/deploy.md,
 * "Publishing and rollback").
 */
import { runPublish } from './run-publish';

runPublish([]).then(
  (last) => console.log(`ci:publish: ${last}`),
  (error: unknown) => {
    console.error(`ci:publish: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
