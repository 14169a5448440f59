import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const rootPackage = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

/**
 * Writes `version.json` beside the build: the package version plus a hash of the emitted files,
 * so every different build is a different version and open consoles are told to reload.
 */
function versionFile(): Plugin {
  return {
    name: 'pitboss-version-file',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name];
        if (!item) continue;
        hash.update(name);
        hash.update(
          item.type === 'chunk' ? item.code : typeof item.source === 'string' ? item.source : Buffer.from(item.source),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: `${rootPackage.version}+${hash.digest('hex').slice(0, 10)}` }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
      '/version.json': 'http://localhost:8080',
    },
  },
});
