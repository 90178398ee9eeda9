import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text files worth compressing; images and fonts are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
// Below this the headers cost more than compression saves: such files are sent as they are.
export const COMPRESS_MIN_BYTES = 1024;

// Writes a .br and a .gz beside every compressible file of the build, once, at build time, so the
// server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'attest-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((name) => path.join(outDir, name));
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            if ((await stat(file)).size < COMPRESS_MIN_BYTES) return;
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
