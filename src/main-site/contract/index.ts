/**
 * The main site's calls (spec 7) as this page uses them: what it sends, what it needs back, and how it
 * reads an answer. The main site is not ours and spec 7 shows no answer shapes, so every answer is read
 * as a tolerant reader: success is the HTTP status (spec 8), a field the page uses is read when it is
 * there and has a safe default when it is not, a field of the wrong type counts as absent, and unknown
 * fields are ignored. contract/README.md, "The calls", and its Pact file describe the same thing for
 * the main site's team; this folder is the only code that looks inside an answer: the calls
 * (calls.ts), the readers every answer is read with (readers.ts) and one reader per call (answers.ts).
 */
export * from './calls';
export { answerFields, refusedInBody, serverErrorOf, type ServerError } from './readers';
export * from './answers';
