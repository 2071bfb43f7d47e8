import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const NOT_FROM_APP = { group: ["#app/*"], message: "server/ never imports from app/; move what both need to core/." };
const NOT_FROM_TESTS = { group: ["#tests/*"], message: "Product code and scripts never import test helpers." };

export default tseslint.config(
  { ignores: ["build/", ".generated/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // React's rules where React is: the app. (Elsewhere they find nothing, and static-components alone was most of the
    // lint's time.)
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Service workers, served as they are from public/.
    files: ["public/**/*.js"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // CommonJS, as a file loaded with `node --require` must be (tests/e2e/server-clock.cjs): require() is its import.
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Playwright fixtures take `{}` and call `use()`.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Routes reach server code through `context.services` only (and server code must never reach the browser bundle):
    // app/ imports server modules for their types alone. The server entry is the one bridge.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/entry.server.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["#server/*"],
              message: "Reach server code through context.services; import server modules for types only (`import type`).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // core/ is shared by the browser and the server, so it depends on neither.
    files: ["core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["#app/*", "#server/*"], message: "core/ imports nothing from app/ or server/." }] },
      ],
    },
  },
  {
    // The server never depends on the React app: what both need lives in core/.
    files: ["server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_FROM_APP] }] },
  },
  {
    // Product code and operator scripts never run the tests' helpers.
    files: ["server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_FROM_APP, NOT_FROM_TESTS] }] },
  },
);
