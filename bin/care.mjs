#!/usr/bin/env node
// `care`: runs the bundled CLI (dist/cli/care.mjs), building it first with esbuild when it is
// missing or older than its sources (a fresh `npm install` has no dist/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist/cli/care.mjs');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const { buildCli, CLI_SOURCES } = await import('../scripts/build-cli.mjs');
const built = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
if (!built || CLI_SOURCES.some((d) => newestMtime(path.join(root, d)) > built)) await buildCli();
await import(pathToFileURL(bundle).href);
