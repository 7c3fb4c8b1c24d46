// The layers of the code base as rules over the import graph (`npm run lint:imports`, part of `npm test`).
// An arrow may only point down a layer; features stay independent of each other; nothing forms a cycle.
//   web: app (routes, layouts, entries) → pages (content) → features/<x> → components/ui → lib
//   api: app.ts/server.ts/wiring.ts → modules (routes → service → queries; each behind its index.ts)
//        → pipeline (submissions, idempotency, live bus) → http → db, lib → contract (zod only)
// docs/architecture.md explains each layer and who owns which rule.

const TESTS = '\\.test\\.tsx?$';
const WEB_ENTRIES = '^web/src/(entry-client|entry-server|sw)\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other cannot be read, tested or split apart one at a time.',
      from: { path: '^(web|api)/src/' },
      to: { circular: true },
    },

    // ── web ──────────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'web-pages-not-to-app',
      severity: 'error',
      comment: 'Pages render content only: the route table in app/ wraps them in their layout, never the reverse.',
      from: { path: '^web/src/pages/' },
      to: { path: ['^web/src/app/', WEB_ENTRIES] },
    },
    {
      name: 'web-features-not-up',
      severity: 'error',
      comment: 'A feature is used by pages and the app; it never reaches back up to them.',
      from: { path: '^web/src/features/' },
      to: { path: ['^web/src/(pages|app)/', WEB_ENTRIES] },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment:
        'Features never import each other: what two features share moves down to components/ui or lib, ' +
        'and a page or the app composes them.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-features-through-front-door',
      severity: 'error',
      comment:
        "The app and the pages reach a feature only through its front door, its index.ts: what it offers is listed " +
        'there, and the files behind it can move or split without touching its users.',
      from: { path: '^web/src/', pathNot: '^web/src/features/' },
      to: { path: '^web/src/features/[^/]+/', pathNot: '^web/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'web-outbox-through-front-door',
      severity: 'error',
      comment:
        "The outbox is reached only through lib/outbox/index.ts: its storage, lock and replay are its inside, and " +
        'only its front door keeps the exactly-once rules whole.',
      from: { path: '^web/src/', pathNot: '^web/src/lib/outbox/' },
      to: { path: '^web/src/lib/outbox/', pathNot: '^web/src/lib/outbox/index\\.ts$' },
    },
    {
      name: 'web-ui-not-up',
      severity: 'error',
      comment: 'components/ui are building blocks with no knowledge of features, pages or the app.',
      from: { path: '^web/src/components/' },
      to: { path: ['^web/src/(features|pages|app)/', WEB_ENTRIES] },
    },
    {
      name: 'web-lib-not-up',
      severity: 'error',
      comment: 'lib is the bottom layer of the web app: plain code every layer may use, which uses none of them.',
      from: { path: '^web/src/lib/' },
      to: { path: ['^web/src/(components|features|pages|app)/', WEB_ENTRIES] },
    },
    {
      name: 'web-only-contract-from-api',
      severity: 'error',
      comment: 'The browser bundle shares exactly one module with the server: the contract. Nothing else of api/ ships to browsers.',
      from: { path: '^web/' },
      to: { path: '^api/', pathNot: '^api/src/contract/index\\.ts$' },
    },
    {
      name: 'web-contract-by-alias',
      severity: 'error',
      comment: "The web imports the contract by its name '@contract' (tsconfig paths, vite alias), not by climbing folders.",
      from: { path: '^web/' },
      // A relative path is a 'local' dependency; the alias is not.
      to: { path: '^api/', dependencyTypes: ['local'] },
    },

    // ── api ──────────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'api-not-to-web',
      severity: 'error',
      comment: 'The server serves the built web app as files; it never imports its source.',
      from: { path: '^api/' },
      to: { path: '^web/' },
    },
    {
      name: 'api-queries-not-up',
      severity: 'error',
      comment: 'Queries read and write rows; they never call a service or a route (of any module).',
      from: { path: '^api/src/modules/.+-queries\\.ts$' },
      to: { path: '^api/src/modules/.+-(service|routes)\\.ts$' },
    },
    {
      name: 'api-services-not-to-routes',
      severity: 'error',
      comment: 'Services hold the rules and know nothing of HTTP routing; routes call services, never the reverse.',
      from: { path: '^api/src/modules/.+-service\\.ts$' },
      to: { path: '^api/src/modules/.+-routes\\.ts$' },
    },
    {
      name: 'api-infrastructure-not-to-modules',
      severity: 'error',
      comment:
        'pipeline/, http/, db/ and lib/ serve every module and so depend on none of them (nor on the app that wires them): ' +
        'a module that must act when another stores something registers as a follower of the pipeline instead.',
      from: { path: '^api/src/(pipeline|http|db|lib)/', pathNot: TESTS },
      to: { path: ['^api/src/modules/', '^api/src/(app|server|wiring|deps)\\.ts$'] },
    },
    {
      name: 'api-infrastructure-not-to-pipeline',
      severity: 'error',
      comment: 'The submission pipeline stands on http/, db/ and lib/; they never reach up to it.',
      from: { path: '^api/src/(http|db|lib)/', pathNot: TESTS },
      to: { path: '^api/src/pipeline/' },
    },
    {
      name: 'api-modules-through-front-door',
      severity: 'error',
      comment:
        "A module reaches another module only through its front door, its index.ts: what it offers is listed there, and " +
        'the files behind it (routes, services, queries) can move or split without touching its users.',
      from: { path: '^api/src/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^api/src/modules/[^/]+/', pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'api-app-through-front-doors',
      severity: 'error',
      comment: 'The app, the server, the wiring and the test harness reach a module only through its front door, its index.ts.',
      from: { path: '^api/src/', pathNot: ['^api/src/modules/', TESTS] },
      to: { path: '^api/src/modules/[^/]+/', pathNot: '^api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'api-routes-through-services',
      severity: 'error',
      comment: 'Routes speak HTTP and call services; reading and writing rows is the queries\' job, reached through a service.',
      from: { path: '^api/src/modules/.+-routes\\.ts$' },
      to: { path: '^api/src/modules/.+-queries\\.ts$' },
    },
    {
      name: 'api-engine-only-in-db',
      severity: 'error',
      comment:
        'Only the db layer asks which engine it is on: each difference has one named helper in api/src/db/dialect.ts, so no module grows an engine branch of its own (scripts/check-engine-questions.ts also refuses the question itself).',
      from: { pathNot: '^api/src/db/' },
      to: { path: '^api/src/db/engine\\.ts$' },
    },
    {
      name: 'api-contract-only-zod',
      severity: 'error',
      comment: 'The contract is bundled into the browser: it may import only itself and zod.',
      from: { path: '^api/src/contract/' },
      to: { pathNot: ['^api/src/contract/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'browser-zod-mini-only',
      severity: 'error',
      comment:
        "What the browser loads uses zod/mini: classic zod's object schemas probe for eval as they are made, which the site's CSP reports as a violation on every staff screen, and it is the larger bundle.",
      from: { path: '^(api/src/contract|web/src)/' },
      to: { path: '(^|/)node_modules/zod/', pathNot: '(^|/)node_modules/zod/(v4/)?mini/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the checker cannot resolve is an import it cannot check.',
      from: { path: '^(web|api)/src/' },
      // Vite's `?url` imports name a file the build emits (a .wasm), not a module to check.
      to: { couldNotResolve: true, pathNot: '\\?url$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    // TypeScript 7 has no JavaScript compiler API for dependency-cruiser to read .ts with. Babel strips the
    // types instead (keeping type-only imports as arrows); @swc/core being installed is what makes
    // dependency-cruiser scan .ts/.tsx files at all.
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
