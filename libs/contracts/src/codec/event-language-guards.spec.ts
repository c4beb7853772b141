import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint guards on the event language (issue 19 part 9, docs/decisions.md "Guards on the event
 * language"): no `<event>.data as` and no `'lot-'` literal outside the contracts and the event store.
 */
const ROOT = join(import.meta.dirname, '../../../..');

interface Guard {
  selector: string;
  message: string;
}

async function guards(): Promise<Guard[]> {
  // A path held in a variable: the config is plain JavaScript, read as the lint run reads it.
  const configUrl = pathToFileURL(join(ROOT, 'eslint.config.js')).href;
  const config = (await import(configUrl)) as { SERVER_EVENT_LANGUAGE_GUARDS: Guard[]; SERVER_MESSAGE_GUARDS: Guard[] };
  return [...config.SERVER_EVENT_LANGUAGE_GUARDS, ...config.SERVER_MESSAGE_GUARDS];
}

async function problems(code: string): Promise<number[]> {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        rules: { 'no-restricted-syntax': ['error', ...(await guards())] },
      },
    ],
    'probe.ts',
  );
  return messages.map((message) => message.line);
}

describe('event language lint guards', () => {
  it('refuse a cast of an event’s data, bare, defaulted or checked', async () => {
    const code = [
      'declare const event: { data: unknown }; declare const recorded: { data: unknown }; declare const socket: { data: unknown };',
      'export const a = recorded.data as { x: number };',
      'export const b = (recorded.data ?? {}) as Record<string, unknown>;',
      "export const c = (typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;",
      'export const d = socket.data as { x: number };',
      'export const e = (event.data ?? {}) satisfies unknown;',
    ].join('\n');
    expect(await problems(code)).toEqual([2, 3, 4]);
  });

  it("refuse a string or template that starts with 'lot-'", async () => {
    const code = [
      'declare const id: string;',
      "export const a = 'lot-';",
      'export const b = `lot-${id}`;',
      "export const c = id.startsWith('lot-attempts-');",
      "export const d = 'pilot-lot-';",
      'export const e = `${id}-lot-`;',
      "export const f = 'lot-timing';",
      "export const g = `lot-${id}-history.json`.length + 'lot-comments-'.length;",
    ].join('\n');
    expect(await problems(code)).toEqual([2, 3, 4, 8, 8]);
  });

  it('refuse an API error whose user-facing message is written inline (issue 19 part 6: texts in the contracts catalogues)', async () => {
    const code = [
      'declare class ApiError { constructor(code: string, message: string, details?: unknown, status?: number) }',
      'declare class GraphQLError { constructor(message: string, options?: unknown) }',
      'declare const MESSAGES: { gone: string }; declare const id: string;',
      "export const a = new ApiError('x.gone', 'It is gone.');",
      "export const b = new ApiError('x.gone', `${id} is gone.`, undefined, 404);",
      "export const c = new ApiError('x.gone', MESSAGES.gone);",
      "export const d = new GraphQLError('It is gone.');",
      'export const e = new GraphQLError(MESSAGES.gone, {});',
    ].join('\n');
    expect(await problems(code)).toEqual([4, 5, 7]);
  });

  it('limit functions to 80 lines (blank lines and comments not counted) in the code that runs, not in tests or demo data', async () => {
    const configUrl = pathToFileURL(join(ROOT, 'eslint.config.js')).href;
    const { FUNCTION_LENGTH } = (await import(configUrl)) as { FUNCTION_LENGTH: Record<string, unknown> };
    const lint = (lines: number) =>
      new Linter({ configType: 'flat' }).verify(
        [
          'export function f(): number {',
          '  let x = 0;',
          ...Array.from({ length: lines - 4 }, (_, i) => (i % 10 === 0 ? '  // a comment\n\n  x += 1;' : '  x += 1;')),
          '  return x;',
          '}',
        ].join('\n'),
        [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: tseslint.parser },
            rules: { 'max-lines-per-function': ['error', FUNCTION_LENGTH] },
          },
        ],
        'probe.ts',
      );
    expect(lint(80)).toHaveLength(0);
    expect(lint(81).map((message) => message.ruleId)).toEqual(['max-lines-per-function']);

    const eslint = new ESLint({ cwd: ROOT });
    const limited = async (file: string): Promise<boolean> => {
      const config = (await eslint.calculateConfigForFile(join(ROOT, file))) as { rules?: Record<string, unknown> } | undefined;
      return config?.rules?.['max-lines-per-function'] !== undefined;
    };
    for (const file of ['services/gateway/src/x.ts', 'libs/platform/src/x.ts', 'web/src/features/x.tsx'])
      expect(await limited(file)).toBe(true);
    for (const file of [
      'services/auction/test/x.ts',
      'web/src/features/x.spec.tsx',
      'services/catalogue/src/demo/x.ts',
      'services/auction/src/search/x.suite.ts',
    ])
      expect(await limited(file)).toBe(false);
  });

  it('apply to services, libraries and the web app, not to the contracts, the event store or tests', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const guarded = async (file: string): Promise<boolean> => {
      const config = (await eslint.calculateConfigForFile(join(ROOT, file))) as { rules?: Record<string, unknown> } | undefined;
      return config?.rules?.['no-restricted-syntax'] !== undefined;
    };
    for (const file of ['services/auction/src/x.ts', 'libs/platform/src/x.ts', 'web/src/features/x.tsx'])
      expect(await guarded(file)).toBe(true);
    for (const file of [
      'libs/contracts/src/auction/x.ts',
      'libs/event-store/src/x.ts',
      'services/auction/test/x.ts',
      'services/auction/src/x.spec.ts',
      'services/auction/src/x.int-spec.ts',
    ])
      expect(await guarded(file)).toBe(false);
  });
});
