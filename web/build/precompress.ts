/**
 * Vite plugin: after the bundle is written, store a brotli (.br, quality 11) and a gzip (.gz, level 9)
 * copy next to every text asset above 1 KB. The server hands these to clients that accept them
 * (@fastify/static `preCompressed`), so no request pays for compression at the highest levels.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file) || file.includes('/.vite/')) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'flora-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const count = precompressDir(outDir);
      this.info?.(`brotli and gzip copies of ${count} file(s)`);
    },
  };
}
