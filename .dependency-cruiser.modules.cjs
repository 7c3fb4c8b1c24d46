// The API's module folders as a whole (`npm run lint:imports`, beside .dependency-cruiser.cjs): no two of them may
// depend on each other, directly or through others. Folder-level, so tests are left out: a module's tests drive it
// through the test harness (api/src/testing), which stands above every module.
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'api-module-folders-no-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Module folders that depend on each other cannot be understood, tested or changed one at a time: the lower one ' +
        'offers what the higher one needs through its front door, and a module that must act when another stores ' +
        'something registers as a follower of the submission pipeline (api/src/wiring.ts) instead of being called by it.',
      from: { path: '^api/src/modules/[^/]+$' },
      to: { path: '^api/src/modules/[^/]+$', circular: true },
    },
  ],
  options: { ...base.options, exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.tsx?$' } },
};
