import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { transformFile } from '@swc/core';

const SKIPPED = /\.(spec|int-spec|e2e-spec|peer-spec)\.ts$|\.d\.ts$/;

/**
 * Compiles the TypeScript under `sources` (paths relative to `root`) with SWC exactly like
 * scripts/build-server.mjs, into `outDir` (mirroring the tree, so a spawned process resolves the
 * workspace packages), leaving out specs, `node_modules` and `test` folders. Tests that run a
 * service in its own process compile into a private directory instead of the shared dist/, which
 * another process may rebuild meanwhile.
 */
export async function compileSources(root: string, sources: readonly string[], outDir: string): Promise<void> {
  const tsconfig = JSON.parse(await readFile(join(root, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  const files: string[] = [];
  for (const source of sources) for await (const file of walk(join(root, source))) files.push(file);
  await Promise.all(
    files.map(async (file) => {
      const out = await transformFile(file, {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
          keepClassNames: true,
          baseUrl: root,
          paths: tsconfig.compilerOptions.paths,
        },
        module: { type: 'es6', resolveFully: true },
      });
      const target = join(outDir, relative(root, file)).replace(/\.ts$/, '.js');
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, out.code);
    }),
  );
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test') yield* walk(full);
    } else if (entry.name.endsWith('.ts') && !SKIPPED.test(entry.name)) yield full;
  }
}
