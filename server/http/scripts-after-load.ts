/**
 * The page's scripts are fetched once it has loaded and painted: on a slow phone they would otherwise share the
 * bandwidth with the first paint and the first images. The page works before they arrive (links, forms); they make it
 * interactive a little later. docs/decisions/017-scripts-after-the-page.md
 */

/** React Router announces every script of the page in its head; the announcement is dropped. */
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>/g;

/**
 * Runs right after the script before it, which holds React Router's module script as inert text, and starts that text
 * as a module once the page has loaded and its first contentful paint is on screen (the browser reports the paint
 * after it was shown). A tab in the background paints nothing and an image that never ends holds the load event, so
 * timers start it anyway: a second after the load, and at the latest four seconds after the page arrived.
 */
export const START_AFTER_LOAD =
  "(()=>{const code=document.currentScript.previousElementSibling.text;let started=false,loaded=false,painted=false;" +
  "const start=()=>{if(started)return;started=true;const module=document.createElement('script');" +
  "module.type='module';module.text=code;document.body.append(module)};" +
  "const ready=()=>{if(loaded&&painted)start()};" +
  "try{new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length){painted=true;ready()}})" +
  ".observe({type:'paint',buffered:true})}catch{painted=true}" +
  "addEventListener('load',()=>{loaded=true;ready();setTimeout(start,1000)});setTimeout(start,4000)})()";

/** The type the module script is held under: a data block, which no browser runs. */
export const HELD_MODULE_TYPE = "text/x-after-load";

/**
 * `html` as React Router rendered it with `marker` as each inline script's nonce, with its module script held until
 * the page has loaded: the script keeps its text (so the page's policy still allows it by its hash) but gets a type no
 * browser runs, and START_AFTER_LOAD, with the same marker, follows it.
 */
export function scriptsAfterLoad(html: string, marker: string): string {
  const nonce = `nonce="${marker}"`;
  return html
    .replace(MODULE_PRELOADS, "")
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/g, (script, attributes: string, code: string) =>
      attributes.includes(nonce) && attributes.includes('type="module"')
        ? `<script type="${HELD_MODULE_TYPE}" ${nonce}>${code}</script><script ${nonce}>${START_AFTER_LOAD}</script>`
        : script,
    );
}
