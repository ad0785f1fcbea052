/**
 * Vite plugin: after the build, write `.br` and `.gz` beside every text asset, so the server sends
 * them (@fastify/static `preCompressed`) without compressing on each request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** below this, compression does not pay for the extra header and file */
const MIN_BYTES = 1024;

/**
 * Brotli and gzip levels: a release takes the smallest files (11, 9); CI (`CI=true`) and test
 * builds take fast levels (`BUILD_COMPRESS=fast`), as their files are only served on loopback.
 */
const FAST =
  process.env.BUILD_COMPRESS === 'fast' ||
  (process.env.CI === 'true' && process.env.BUILD_COMPRESS !== 'best');
const BROTLI_QUALITY = FAST ? 4 : 11;
const GZIP_LEVEL = FAST ? 6 : 9;

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'care-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: GZIP_LEVEL }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}
