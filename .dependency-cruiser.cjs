/**
 * Import guards between the parts of the repository (issue 19 part 9; docs/decisions.md "Guards on
 * the event language (issue 19 part 9)"), run by `npm run depcruise` in CI after the lint step.
 * A service is reached from outside only through its public package (`@trackside/<name>-service`,
 * its src/index.ts): never another service's source files, from its code or its tests. The web app
 * and the libraries never import a service. The one exception (test kits) is narrow and commented below.
 */

/** The one file of a service another part may import: its package entry. */
const PUBLIC_ENTRY = '^services/[^/]+/src/index\\.ts$';
/** A test file of a service, inside it (the test folder, or a spec next to its code). */
const TEST_FILE_IN_SERVICE = 'test/|.+\\.(?:spec|int-spec|e2e-spec|peer-spec)\\.ts$';
const TEST_FILE = `^services/[^/]+/(?:${TEST_FILE_IN_SERVICE})`;
/** A service's test kit: its test apps, test gateway and announcements, which other services' e2e tests start. */
const TEST_KIT = '^services/[^/]+/test/support/';

module.exports = {
  forbidden: [
    {
      name: 'no-other-service-source',
      severity: 'error',
      comment: "A service's code reaches another service only through that service's package (src/index.ts).",
      from: { path: '^services/([^/]+)/', pathNot: TEST_FILE },
      to: { path: '^services/[^/]+/', pathNot: ['^services/$1/', PUBLIC_ENTRY] },
    },
    {
      name: 'no-other-service-source-in-tests',
      severity: 'error',
      comment:
        "A service's tests reach another service through its package, or through its test kit (test/support/): the " +
        'known exception, the test apps and gateways the cross-service e2e tests start (moving them into a ' +
        'published testing entry of each service is a bigger move; docs/decisions.md "Guards on the event language").',
      from: { path: `^services/([^/]+)/(?:${TEST_FILE_IN_SERVICE})` },
      to: { path: '^services/[^/]+/', pathNot: ['^services/$1/', PUBLIC_ENTRY, TEST_KIT] },
    },
    {
      name: 'no-web-to-services',
      severity: 'error',
      comment: 'The web app talks to the services over GraphQL and Socket.IO, never by importing them.',
      from: { path: '^web/' },
      to: { path: '^services/' },
    },
    {
      name: 'no-library-to-services',
      severity: 'error',
      comment: 'Libraries are below the services: a library never imports one.',
      from: { path: '^libs/' },
      to: { path: '^services/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.data|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The workspace packages are symlinks into services/ and libs/: resolve them to their real paths.
    preserveSymlinks: false,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
