import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The small modules the root layout and every public page share: the button, the picture, toasts and the on-demand
 * loader, page meta, the scroll reveal, the back button, the error and offline pages' message, the public pages'
 * paths and the calendar day's format, what waits for a section to near the screen, with what they import, and the icons the layout shares with
 * pages and dialogs (the close cross, the new-tab mark).
 * Left to the default splitting each is a file of its own, most under 1 KiB, and / waited on 16 modulepreloads, which
 * held its first paint back on a slow phone. Named one by one: a rule by folder would also capture what only the
 * admin uses (the switch, the form fields, the admin's dialogs) or only some pages need (the slider), and ship it
 * to every page.
 */
const LAYOUT_MODULES = [
  /[\\/]app[\\/](lib[\\/](on-demand|page-meta|use-hydrated|once-near|link-name)|hooks[\\/]use-reveal-on-scroll)\.ts$/,
  /[\\/]core[\\/](public-pages|calendar-day|count-of|schemas[\\/]registration-limits|messages[\\/]common)\.ts$/,
  /[\\/]app[\\/]components[\\/](ui[\\/](button|spinner|toasts)|site[\\/](picture|back-button|message-page))\.tsx?$/,
  /node_modules[\\/]lucide-react[\\/].*[\\/]icons[\\/](x|external-link)\.mjs$/,
];

/**
 * What the pages that list announcements or photos share (the announcements, an announcement's page, Events &
 * Activities, a gallery, Explore SMC), and the home page does not: the announcement card with its linked text, event
 * line and buttons (link, Add to calendar, Share, Share on WhatsApp) and its words, a gallery photo and what opens it
 * in the lightbox (the lightbox itself loads on demand) with the photo pages' words, and their icons (the pin, Add to
 * calendar, Share). One file, rather than a dozen small ones, and none of it on the home page.
 */
const LISTING_MODULES = [
  /[\\/]core[\\/](gallery-(photo|kinds)|text-parts|messages[\\/]announcements|i18n[\\/](announcements|galleries)[\\/]en)\.ts$/,
  /[\\/]app[\\/]components[\\/]site[\\/](announcement-(card|actions)|announced-event|linked-text|share-button|whatsapp-share-link|use-photo-lightbox|photo-grid)\.tsx?$/,
  /node_modules[\\/]lucide-react[\\/].*[\\/]icons[\\/](pin|share-2|calendar-plus)\.mjs$/,
];

/** What every form shares, and the home page's contact form with its messages (without zod, which loads when wanted). */
const FORM_MODULES =
  /node_modules[\\/]@conform-to[\\/](react|dom)[\\/]|[\\/]app[\\/](components[\\/](ui[\\/]field|home[\\/]contact-form)\.tsx|lib[\\/]use-action-result\.ts)$|[\\/]core[\\/]i18n[\\/]forms[\\/]en\.ts$/;

/**
 * Browser chunks: the framework (React, React Router), which every page needs, travels as one file instead of a
 * dozen small ones, and so do the layout's small shared modules (above). UI libraries are left to the default
 * splitting: a forced group for them would also pull in what only the admin pages use (a switch, more icons) and
 * ship it to every public page.
 */
const chunkGroups = [
  { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
  { name: "layout", test: (id: string) => LAYOUT_MODULES.some((pattern) => pattern.test(id)), priority: 10 },
  { name: "listing", test: (id: string) => LISTING_MODULES.some((pattern) => pattern.test(id)), priority: 10 },
  // The forms' shared parts (Conform, the field, the home page's contact form): one file for the home page to preload.
  { name: "forms", test: FORM_MODULES, priority: 10 },
  // Loaded on the first toast (app/components/ui/toasts.ts); named, so the browser tests can hold it back.
  { name: "react-hot-toast", test: /node_modules[\\/](react-hot-toast|goober)[\\/]/, priority: 10 },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // The server bundles the icon sets it draws instead of loading them whole from node_modules at start: lucide-react
  // and simple-icons cost ~60 MB of the server's memory that way, for the dozen icons the pages use. The UI libraries
  // too, the parts the pages use: Radix's umbrella package alone loads some forty packages, a fifth of a start's time.
  // React, React Router and zod stay in node_modules, shared with the server's own bundle (scripts/build-server.ts).
  ssr: { noExternal: ["lucide-react", "simple-icons", "radix-ui", /^@radix-ui\//, /^@dnd-kit\//, /^embla-carousel/, /^@conform-to\//] },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
