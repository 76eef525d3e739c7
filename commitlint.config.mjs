// Commit subjects here are plain imperative sentences without a type prefix ("Add the funnel report"),
// so the whole header is the subject; the figures and the reasoning belong in the body.
export default {
  parserPreset: { parserOpts: { headerPattern: /^(.*)$/, headerCorrespondence: ['subject'] } },
  rules: {
    'header-max-length': [2, 'always', 72],
    'header-trim': [2, 'always'],
    'header-full-stop': [2, 'never', '.'],
    'subject-empty': [2, 'never'],
    'subject-case': [2, 'always', 'sentence-case'],
    'body-leading-blank': [2, 'always'],
    'type-empty': [0],
    'type-enum': [0],
    'type-case': [0],
    'scope-empty': [0],
    'scope-case': [0],
  },
};
