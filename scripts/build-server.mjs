// Compiles the server TypeScript (libs and services) to ESM JavaScript in dist/ with SWC.
// SWC keeps decorator metadata (NestJS dependency injection, TypeORM, GraphQL code-first need it),
// rewrites the workspace aliases of tsconfig.json and adds the .js extensions Node's ESM loader needs.
// Type checking is separate (`npm run typecheck`).
import { transformFile } from '@swc/core';
import { mkdir, readdir, readFile, writeFile, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist');
const tsconfig = JSON.parse(await readFile(join(root, 'tsconfig.json'), 'utf8'));
const paths = tsconfig.compilerOptions.paths;
const sourceRoots = ['libs', 'services'];
const skipped = /\.(spec|int-spec|e2e-spec)\.ts$|\.d\.ts$/;

async function* walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'test') continue;
      yield* walk(full);
    } else if (entry.name.endsWith('.ts') && !skipped.test(entry.name)) {
      yield full;
    }
  }
}

const started = Date.now();
await rm(outDir, { recursive: true, force: true });
let count = 0;
const jobs = [];
for (const top of sourceRoots) {
  for await (const file of walk(join(root, top))) {
    if (file.includes(`${join(root, 'web')}`)) continue;
    jobs.push(
      (async () => {
        const out = await transformFile(file, {
          sourceMaps: 'inline',
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
            target: 'es2022',
            keepClassNames: true,
            baseUrl: root,
            paths,
          },
          module: { type: 'es6', resolveFully: true },
        });
        const target = join(outDir, relative(root, file)).replace(/\.ts$/, '.js');
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, out.code);
        count += 1;
      })(),
    );
  }
}
await Promise.all(jobs);
console.log(`build:server compiled ${count} files in ${Date.now() - started} ms`);
