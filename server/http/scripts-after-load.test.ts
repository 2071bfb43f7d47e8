import vm from "node:vm";
import { describe, expect, test } from "vitest";
import { START_AFTER_LOAD, scriptsAfterLoad } from "./scripts-after-load.ts";
import { takeServerScripts } from "./security-headers.ts";

const MARKER = "m4rker";
const ROUTE_MODULES = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const rendered =
  `<head><link rel="modulepreload" href="/assets/root.js"/><link rel="stylesheet" href="/assets/app.css"/></head>` +
  `<body><script nonce="${MARKER}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${MARKER}" type="module" async="">${ROUTE_MODULES}</script>` +
  `<script type="module">import "/evil.js";</script></body>`;

describe("scriptsAfterLoad", () => {
  test("drops the module preloads and holds React Router's module script as text, followed by its starter", () => {
    const page = scriptsAfterLoad(rendered, MARKER);
    expect(page).not.toContain("modulepreload");
    expect(page).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(page).toContain(
      `<script type="text/x-after-load" nonce="${MARKER}">${ROUTE_MODULES}</script><script nonce="${MARKER}">${START_AFTER_LOAD}</script>`,
    );
    expect(page).not.toContain(`type="module" async=""`);
  });

  test("the policy still allows the held script by its text, and the starter; a script the server did not write stays as it was, unallowed", () => {
    const { html, scripts } = takeServerScripts(scriptsAfterLoad(rendered, MARKER), MARKER);
    expect(scripts).toEqual(["window.__reactRouterContext = {};", ROUTE_MODULES, START_AFTER_LOAD]);
    expect(html).toContain('<script type="module">import "/evil.js";</script>');
  });
});

/** START_AFTER_LOAD run in a stand-in of the page: what it appended, and the events and timers it is waiting on. */
function pageRunningTheStarter() {
  const appended: { type: string; text: string }[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  let onLoad = () => {};
  let onPaint: (list: { getEntriesByName(name: string): unknown[] }) => void = () => {};
  const context = {
    document: {
      currentScript: { previousElementSibling: { text: ROUTE_MODULES } },
      createElement: () => ({ type: "", text: "" }),
      body: { append: (element: { type: string; text: string }) => appended.push({ ...element }) },
    },
    addEventListener: (event: string, listener: () => void) => {
      if (event === "load") onLoad = listener;
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
    PerformanceObserver: class {
      constructor(callback: typeof onPaint) {
        onPaint = callback;
      }
      observe() {}
    },
  };
  vm.runInNewContext(START_AFTER_LOAD, context);
  return {
    appended,
    load: () => onLoad(),
    paint: (name: string) => onPaint({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }),
    fire: (ms: number) => timers.filter((timer) => timer.ms === ms).forEach((timer) => timer.run()),
  };
}

describe("START_AFTER_LOAD", () => {
  test("starts the route modules once the page has loaded and its first contentful paint is shown, once", () => {
    const page = pageRunningTheStarter();
    page.paint("first-paint");
    page.load();
    expect(page.appended).toEqual([]);
    page.paint("first-contentful-paint");
    expect(page.appended).toEqual([{ type: "module", text: ROUTE_MODULES }]);
    page.paint("first-contentful-paint");
    page.fire(1000);
    page.fire(4000);
    expect(page.appended).toHaveLength(1);
  });

  test("a paint before the load waits for the load", () => {
    const page = pageRunningTheStarter();
    page.paint("first-contentful-paint");
    expect(page.appended).toEqual([]);
    page.load();
    expect(page.appended).toHaveLength(1);
  });

  test("a page that never paints (a tab in the background) starts a second after its load, and one that never loads after four seconds", () => {
    const unpainted = pageRunningTheStarter();
    unpainted.load();
    unpainted.fire(1000);
    expect(unpainted.appended).toHaveLength(1);

    const unloaded = pageRunningTheStarter();
    unloaded.fire(1000);
    expect(unloaded.appended).toEqual([]);
    unloaded.fire(4000);
    expect(unloaded.appended).toHaveLength(1);
  });
});
