import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An identifier named like a recorded event whose `.data` is cast (see the guard blocks below). */
const EVENT_DATA = "MemberExpression[property.name='data'][object.name=/^(event|e|evt|recorded|old|raw)$/]";
/** The lot stream prefixes themselves (`lot-`, `lot-attempts-`, `lot-comments-`, `lot-reports-`), not ids or css names that start with `lot-`. */
const LOT_PREFIX_TEXT = '/^lot-(attempts-|comments-|reports-)?$/';
const EVENT_DATA_CAST =
  'Read event data through the libs/contracts decoders (decodeLotEvent, decode<Event>…, eventDataRecord), never `<event>.data as …`.';
const LOT_PREFIX =
  "Spell lot stream ids with libs/contracts (LOT_STREAM_PREFIX, lotStreamId, lotIdOfStream, parseStreamId), not a 'lot-' literal.";
/** Casts of event data and the lot prefix as a string: everywhere outside the contracts, the event store and tests. */
export const EVENT_LANGUAGE_GUARDS = [
  { selector: `TSAsExpression > ${EVENT_DATA}.expression`, message: EVENT_DATA_CAST },
  { selector: `TSAsExpression > LogicalExpression.expression > ${EVENT_DATA}`, message: EVENT_DATA_CAST },
  { selector: `TSAsExpression > ConditionalExpression.expression > ${EVENT_DATA}`, message: EVENT_DATA_CAST },
  { selector: `TSTypeAssertion > ${EVENT_DATA}.expression`, message: EVENT_DATA_CAST },
  { selector: `Literal[value=${LOT_PREFIX_TEXT}]`, message: LOT_PREFIX },
];
/** A stream id built by hand (`lot-${id}`): in the server code (the web app's `lot-…` templates are file names). */
export const SERVER_EVENT_LANGUAGE_GUARDS = [
  ...EVENT_LANGUAGE_GUARDS,
  { selector: `TemplateLiteral[quasis.0.value.raw=${LOT_PREFIX_TEXT}][expressions.length>0]`, message: LOT_PREFIX },
];
const INLINE_MESSAGE =
  'User-facing texts live in a message catalogue of libs/contracts (one per domain): pass its entry, not a literal (issue 19 part 6).';
/** An API error's message written inline in server code (ApiError's second argument, GraphQLError's first). */
export const SERVER_MESSAGE_GUARDS = [
  { selector: "NewExpression[callee.name='ApiError'][arguments.1.type=/^(Literal|TemplateLiteral)$/]", message: INLINE_MESSAGE },
  { selector: "NewExpression[callee.name='GraphQLError'][arguments.0.type=/^(Literal|TemplateLiteral)$/]", message: INLINE_MESSAGE },
];
/** The longest function allowed outside tests, demo data and benches (issue 19 part 8). */
export const FUNCTION_LENGTH = { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true };
/** Where the event language may be spelled by hand: its owners (contracts, event store) and tests. */
const EVENT_LANGUAGE_FREE = [
  'libs/contracts/**',
  'libs/event-store/**',
  '**/test/**',
  '**/*.spec.ts',
  '**/*.spec.tsx',
  '**/*-spec.ts',
  '**/testing/**',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'web/dist/**', 'load-tests/**', 'deploy/**', 'coverage/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    // The domain is pure: no framework, persistence or transport imports (docs/architecture.md, habit 1).
    files: ['services/auction/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@nestjs/*',
                'typeorm',
                'socket.io*',
                '@apollo/*',
                'graphql',
                'pg',
                'kafkajs',
                '@trackside/platform',
                '@trackside/event-store',
              ],
              message: 'The domain is pure TypeScript: no framework, persistence or transport imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // Guards on the event language (issue 19 part 9, docs/decisions.md "Guards on the event language"):
    // only the contracts' codecs look inside an event's data and spell the lot stream prefixes. The
    // `.data as` selectors match a cast of `<x>.data` where <x> is named like a recorded event
    // (event, e, evt, recorded, old, raw), bare or inside `?? {}` or `? … : {}`; the `lot-` ones match
    // the prefixes as strings and, in server code, templates starting with one. Tests may build
    // events and stream ids by hand.
    files: ['services/**/*.ts', 'libs/**/*.ts'],
    ignores: EVENT_LANGUAGE_FREE,
    rules: { 'no-restricted-syntax': ['error', ...SERVER_EVENT_LANGUAGE_GUARDS, ...SERVER_MESSAGE_GUARDS] },
  },
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: EVENT_LANGUAGE_FREE,
    rules: { 'no-restricted-syntax': ['error', ...EVENT_LANGUAGE_GUARDS] },
  },
  {
    // No function over 80 lines (blank lines and comments not counted) in the code that runs: split
    // along its seams instead (issue 19 part 8, docs/decisions.md "Function length and inline
    // messages"). Tests, test kits, demo data and benches may be longer.
    files: ['services/**/*.ts', 'libs/**/*.ts', 'web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: [...EVENT_LANGUAGE_FREE, '**/*.suite.ts', '**/demo/**', '**/bench/**'],
    rules: { 'max-lines-per-function': ['error', FUNCTION_LENGTH] },
  },
  {
    // The web app runs in the browser (web/e2e drives it from Node).
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['web/e2e/**/*.ts', 'web/*.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
);
