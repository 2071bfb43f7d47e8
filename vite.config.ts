import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Browser chunks: the framework (React, React Router), which every page needs, travels as one file instead of a
 * dozen small ones. UI libraries are left to the default splitting: a forced group for them would also pull in
 * what only the admin pages use (a switch, more icons) and ship it to every public page.
 */
const chunkGroups = [
  { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
  // Loaded on the first toast (app/components/ui/toasts.ts); named, so the browser tests can hold it back.
  { name: "react-hot-toast", test: /node_modules[\\/](react-hot-toast|goober)[\\/]/, priority: 10 },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server bundles the icon sets it draws instead of loading them whole from node_modules at start: lucide-react
  // and simple-icons cost ~60 MB of the server's memory that way, for the dozen icons the pages use.
  ssr: { noExternal: ["lucide-react", "simple-icons"] },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
