// `npm start`: build the web app when the build is missing or older than its sources, then serve.
import { buildStaleness, buildWeb } from './build';

const staleness = buildStaleness();
if (staleness) {
  console.log(staleness === 'stale' ? 'web sources changed since the last build: rebuilding…' : 'no web build yet: building…');
  await buildWeb();
}
await import('../api/src/server');
