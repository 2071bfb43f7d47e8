import { ANNOUNCEMENT_FEED_PATH } from "#core/public-pages.ts";
import { type ReactNode, useEffect } from "react";
import {
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import inlineCss from "./app.css?inline";
import { NavigationProgress } from "./components/site/navigation-progress";
import { TopBar } from "./components/site/top-bar";
import { ToastRegion } from "./components/ui/toast-region";
import type { SiteChrome } from "#server/services/site-content.ts";
import { errorMessage } from "#core/errors.ts";
import { ERROR_PAGE } from "#core/messages/common.ts";
import { SCRIPTS_RUN_MARK } from "./lib/page-scripts";
import { useSiteWorkerAfterLoad } from "./lib/site-worker-after-load";
import { URDU_FONT_FACE, useUrduTypefaceAfterLoad } from "./lib/urdu-typeface";
import { type PageLanguage, requestLocale, useLocale, useMessages } from "./lib/i18n";
import { directionOf, localeOfPath } from "#core/i18n/locale.ts";
import { pageTranslations } from "#core/i18n/translations.ts";
import { MessagePage } from "./components/site/message-page";
import { requestContext, servicesContext } from "#app/context.ts";

/** What every page's layout draws from: the society's chrome, and the page's language with its strings. */
export type RootData = SiteChrome & { language: PageLanguage };

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const locale = requestLocale(request);
  const joinUsVisible = await context
    .get(servicesContext)
    .settings.joinUsVisible()
    .catch((error: unknown) => {
      // SPEC 8: a failed setting load is logged only; the page goes on with Join Us shown.
      context.get(requestContext).logger.error({ err: errorMessage(error) }, "join setting load failed");
      context.get(requestContext).renderFlags.partial = true;
      return true;
    });
  const language: PageLanguage = locale === "en" ? { locale } : { locale, translation: pageTranslations(locale) };
  return { ...(await context.get(servicesContext).content.chrome(locale)), joinUsVisible, language };
}

/**
 * The chrome changes only when something is written (the Join Us switch); plain navigation reuses it. A
 * submission, or an explicit revalidation of the current page (what the admin does after a change), reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod || currentUrl.href === nextUrl.href || localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname)
    ? defaultShouldRevalidate
    : false;

/**
 * The stylesheet (~7 KiB gzip) is inlined into every page: it saves the render-blocking request that held the
 * first paint back by most of a second on a slow phone connection. The server sends it; the browser keeps what
 * the server sent (React does not rewrite innerHTML while hydrating), so the browser bundle carries none of it.
 */
const styles = import.meta.env.SSR ? inlineCss : "";

export function Layout({ children }: { children: ReactNode }) {
  const chrome = useRouteLoaderData<RootData>("root");
  const locale = useLocale();
  // From here on every control of the page answers; before, a click on one that needs JavaScript does nothing. The
  // browser tests wait for this mark after each page load.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  useSiteWorkerAfterLoad();
  useUrduTypefaceAfterLoad(locale === "ur");
  return (
    <html lang={locale} dir={directionOf(locale)} className="scroll-pt-20 motion-safe:scroll-smooth">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#115e59" />
        {/* Scroll animations hide cards only when scripts run; without them everything simply shows. */}
        <script dangerouslySetInnerHTML={{ __html: SCRIPTS_RUN_MARK }} />
        {chrome && (
          <>
            <link rel="icon" type="image/png" sizes="32x32" href={chrome.icons.favicon32} />
            <link rel="apple-touch-icon" href={chrome.icons.appleTouch180} />
            <link rel="manifest" href="/manifest.webmanifest" />
            <link rel="alternate" type="application/rss+xml" title={`${chrome.siteName}: Announcements`} href={ANNOUNCEMENT_FEED_PATH} />
          </>
        )}
        <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: styles }} />
        {/* Without JavaScript the page declares the Urdu typeface itself; with it, it comes after the page (above). */}
        {locale === "ur" && <noscript dangerouslySetInnerHTML={{ __html: `<style>${URDU_FONT_FACE}</style>` }} />}
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-stone-50 font-sans text-slate-900 antialiased">
        <NavigationProgress />
        {chrome && <TopBar chrome={chrome} />}
        {children}
        <ToastRegion />
        {/* A key of our own: the default names the framework in every page. */}
        <ScrollRestoration storageKey="scroll-positions" />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // An Editor at an Owner's admin page (app/lib/admin-guards.server.ts): signed in, but not allowed here.
  const ownersOnly = isRouteErrorResponse(error) && error.data?.ownersOnly === true;
  // An admin without the Blood coordinator permission at the Blood section: signed in, but not allowed there either.
  const bloodOnly = isRouteErrorResponse(error) && error.data?.bloodOnly === true;
  const notAllowed = ownersOnly || bloodOnly;
  // An admin action refused because the session ended (401) or a one-time password is still to change (403).
  const signIn = !notAllowed && (status === 401 || status === 403);
  // The refusal's own words, read from the answer: no admin code in the public pages.
  const reason = isRouteErrorResponse(error) && typeof error.data?.error === "string" ? error.data.error : undefined;
  // A link followed with no network, to a page whose data the phone does not keep (public/sw.js).
  const offline = !isRouteErrorResponse(error) && typeof navigator !== "undefined" && navigator.onLine === false;
  const t = useMessages();
  const words = offline
    ? t.offline
    : status === 404
      ? ERROR_PAGE.notFound
      : ownersOnly
        ? ERROR_PAGE.ownersOnly
        : bloodOnly
          ? ERROR_PAGE.bloodOnly
          : signIn
            ? ERROR_PAGE.signIn
            : ERROR_PAGE.failed;
  const { title, link: label } = words;
  const text = notAllowed || signIn ? (reason ?? words.text) : words.text;
  const to = notAllowed || signIn ? href("/admin") : "/";
  return <MessagePage title={title} text={text} link={{ label, to, reloadDocument: signIn || notAllowed || offline }} />;
}
