/**
 * `npm run build:server`: bundles the server (server/main.ts, and the password-judging worker) with esbuild into
 * build/host/, with the chunks it loads on demand (the S3 storage, the local storage, the society's content) beside it.
 *
 * The packages the server uses are bundled with it, so a start reads a few files instead of the hundreds of modules
 * in node_modules: a start takes a fifth less time (docs/decisions/041-server-bundles-its-packages.md). Only those
 * listed below stay in node_modules.
 *
 *   node --import tsx scripts/build-server.ts
 */
import { build } from "esbuild";

const LEFT_IN_NODE_MODULES = [
  // Native addons, loaded from their compiled files (pg-native only if installed, which pg tries).
  "better-sqlite3",
  "@node-rs/argon2",
  "sharp",
  "pg-native",
  // What the React Router build (build/server/index.js) also imports from node_modules: one copy of each in the process,
  // so a context, a redirect or a schema made by one is the same kind of thing to the other.
  "react",
  "react-dom",
  "react-dom/*",
  "react-router",
  "@react-router/*",
  "zod",
  // Loaded only with STORAGE=s3, and by the development server.
  "@aws-sdk/*",
  "vite",
];

await build({
  entryPoints: ["server/main.ts", "server/auth/password-judge.worker.ts"],
  entryNames: "[name]",
  outdir: "build/host",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: LEFT_IN_NODE_MODULES,
  // The CommonJS packages bundled (express, pg, nodemailer…) call require() for Node's own modules, which an ES module has not.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  sourcemap: true,
  logLevel: "warning",
});
