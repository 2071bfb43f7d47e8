import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Browser chunks: the framework (React, React Router) and the shared UI libraries each travel as one file
 * instead of a dozen small ones, which matters on HTTP/1.1 and slow mobile links (docs/performance.md).
 */
const chunkGroups = [
  { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
  { name: "ui", test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|aria-hidden|react-remove-scroll[^\\/]*|use-callback-ref|use-sidecar|detect-node-es|get-nonce|tslib|react-style-singleton|lucide-react|clsx|react-hot-toast|goober)[\\/]/, priority: 10 },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
