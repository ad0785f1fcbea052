import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress.ts';

const apiBase = process.env.API_BASE ?? '/jeecg-boot';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress()],
  define: { __API_BASE__: JSON.stringify(apiBase) },
  build: { outDir: '../../dist/web', emptyOutDir: true },
  server: { proxy: { [apiBase]: { target: 'http://127.0.0.1:8080', ws: true } } },
});
