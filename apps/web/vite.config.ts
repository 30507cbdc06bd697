import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  ssr: {
    // The contract is a workspace package that ships TypeScript sources, so the
    // server bundle must compile it rather than leave it to Node to import.
    noExternal: [/^@yado\//],
  },
});
