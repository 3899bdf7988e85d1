/**
 * `npm start`: the compiled shop (dist/server/start.js) run by Node itself, built first when the build
 * is missing or was made from other sources (scripts/build.js's stamp), so that `npm install && npm
 * start` works on a fresh clone and after any change. No process sits between the operator and the
 * shop: this process is the shop (or the cluster's primary), and receives its signals itself.
 *
 * A cluster's workers run this file too: they go straight to the build the primary checked, or, after
 * `npm run build` and a reload (SIGHUP), to the new one.
 */
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';

// Stack traces name the TypeScript sources (the build writes a source map beside the server).
process.setSourceMapsEnabled(true);

const { build, buildIsCurrent, serverEntry } = await import('./build.js');
if (cluster.isPrimary && !buildIsCurrent()) {
  console.log('The build is missing or older than the sources: building the web app, its server renderer and the server...');
  await build();
}
await import(pathToFileURL(serverEntry).href);
