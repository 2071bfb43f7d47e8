import crypto from "node:crypto";
import { text } from "node:stream/consumers";
import { createElement as h } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, test } from "vitest";
import { documentPolicy, newScriptMarker, takeServerScripts } from "./security-headers";

const SCRIPT = "<script>alert(1)</script>";
const hashOf = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;
const scriptSrc = (policy: string) => /(?:^|; )script-src ([^;]*)/.exec(policy)![1]!.split(" ");

/** The server's scripts as React Router writes them (each with the render's marker as its nonce), around a field's text. */
async function renderPage(marker: string, field: string): Promise<string> {
  const page = h(
    "html",
    null,
    h("head", null, h("script", { nonce: marker, dangerouslySetInnerHTML: { __html: "window.__context = {};" } })),
    h(
      "body",
      null,
      h("p", null, field),
      h("script", { nonce: marker, dangerouslySetInnerHTML: { __html: "window.__context.stream.enqueue(1);" } }),
      h("script", { nonce: marker, type: "module", async: true, dangerouslySetInnerHTML: { __html: 'import("/assets/entry.js");' } }),
    ),
  );
  return text((await prerenderToNodeStream(page)).prelude);
}

describe("the inline scripts a page's policy allows", () => {
  test("those the server wrote, by their exact text; the marker is gone from the page sent", async () => {
    const marker = newScriptMarker();
    const { html, scripts } = takeServerScripts(await renderPage(marker, "Hello"), marker);
    expect(scripts).toEqual(["window.__context = {};", "window.__context.stream.enqueue(1);", 'import("/assets/entry.js");']);
    expect(html).not.toContain(marker);
    expect(html).not.toContain("nonce");
    expect(html).toContain('<script type="module" async="">import("/assets/entry.js");</script>');
    expect(scriptSrc(documentPolicy(scripts, { https: false }))).toEqual(["'self'", ...scripts.map(hashOf)]);
    // A new marker each render, and the same page sent whatever it was.
    const other = newScriptMarker();
    expect(other).not.toBe(marker);
    expect(takeServerScripts(await renderPage(other, "Hello"), other).html).toBe(html);
  });

  test("a script injected into a field's text is not allowed, however it is written", async () => {
    const marker = newScriptMarker();
    const rendered = await renderPage(marker, SCRIPT);
    // React writes the text escaped; the injection stands for a bug that would let it through as markup.
    expect(rendered).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    for (const injected of [SCRIPT, '<script nonce="">alert(1)</script>', `<script nonce="${newScriptMarker()}">alert(1)</script>`]) {
      const { html, scripts } = takeServerScripts(rendered.replace("&lt;script&gt;alert(1)&lt;/script&gt;", injected), marker);
      expect(html, injected).toContain(">alert(1)</script>");
      expect(scripts, injected).toHaveLength(3);
      expect(scriptSrc(documentPolicy(scripts, { https: false })), injected).not.toContain(hashOf("alert(1)"));
    }
  });

  test("an injected script left open, which the browser would run up to the next </script>, is not allowed either", async () => {
    const marker = newScriptMarker();
    const rendered = await renderPage(marker, SCRIPT);
    const { html, scripts } = takeServerScripts(rendered.replace("&lt;script&gt;alert(1)&lt;/script&gt;", "<script>alert(1);"), marker);
    // The browser's script: from the injected tag to the end of the next script, which it swallowed.
    const swallowed = /<script>(alert\(1\);[\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(scriptSrc(documentPolicy(scripts, { https: false }))).not.toContain(hashOf(swallowed));
  });
});
