// npm start: build the web client when it is missing or older than its sources, then bundle and run
// the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const stale =
  !fs.existsSync(built) ||
  fs.statSync(built).mtimeMs <
    Math.max(newestMtime(path.join(root, 'src/web')), newestMtime(path.join(root, 'src/shared')));
if (stale) {
  console.log('Building the web client…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// the server bundled to plain JavaScript (scripts/build-server.mjs: a fraction of a second), run in
// this process, so Ctrl+C reaches its graceful shutdown directly
const { buildServer } = await import('./build-server.mjs');
const serverDir = await buildServer();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(serverDir, 'server.mjs')).href);
