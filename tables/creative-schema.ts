/** A hero creative as the tables name it: a file in data/creatives/ (checked for existence, format and size in creative-files.ts). */
import { z } from 'zod';
import { CREATIVE_EXTENSIONS, CREATIVE_MIN_SIZE, isCreativeFileName } from '../src/domain/creatives';

export const creativeFile = z
  .string()
  .refine(isCreativeFileName, {
    error: (issue) =>
      `creative ${JSON.stringify(issue.input)} is not a file name in data/creatives/ ending in ${CREATIVE_EXTENSIONS.map((e) => `.${e}`).join(', ')}`,
  })
  .describe(
    `A hero creative: a file in data/creatives/ (${CREATIVE_EXTENSIONS.join(', ')}), at least ${CREATIVE_MIN_SIZE.width}×${CREATIVE_MIN_SIZE.height} px, 2:1`,
  );
