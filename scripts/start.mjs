// npm start: build the web client when it is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
// run the server in this process, so Ctrl+C reaches its graceful shutdown directly
const { register } = await import('tsx/esm/api');
register();
await import('../src/server/server.ts');
