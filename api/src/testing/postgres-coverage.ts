// Vitest global setup: the API tests run on PostgreSQL only when TEST_DATABASE_URL names a server, and that
// must never go unnoticed. Under CI its absence fails the run before any test starts; on a workstation one
// warning line says that only SQLite is being tested.
export default function checkPostgresCoverage(): void {
  if (process.env.TEST_DATABASE_URL) return;
  const ci = process.env.CI;
  if (ci && ci !== 'false' && ci !== '0') {
    throw new Error('TEST_DATABASE_URL is not set: CI must run the API tests on PostgreSQL as well as SQLite');
  }
  console.warn(
    '\u26a0 PostgreSQL API tests are NOT running (TEST_DATABASE_URL is not set): only SQLite is tested. ' +
      'Set TEST_DATABASE_URL=postgres://… to run both engines.',
  );
}
