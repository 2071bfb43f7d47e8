import type { AppLoadContext } from "react-router";

/** What every page's top bar and head need: names, logo, menus, the Join Us switch. */
export async function loadSiteChrome(context: AppLoadContext) {
  const { site, contentImages, repos, publicUrl, icons } = context;
  const settings = await repos.settings.get().catch((error: unknown) => {
    // SPEC 8: a failed setting load is logged only; the page goes on with Join Us shown.
    context.logger.error({ err: error instanceof Error ? error.message : String(error) }, "join setting load failed");
    context.renderFlags.partial = true;
    return { joinUsVisible: true };
  });
  return {
    siteName: site.name,
    shortName: site.shortName,
    publicUrl,
    logo: contentImages.get(site.logo, site.logoAlt),
    icons,
    joinUsVisible: settings.joinUsVisible,
    joinQuestions: site.joinQuestions,
    resourcesMenu: site.resources.map((r) => ({ label: r.menuLabel, url: r.url })),
    megaEvents: site.megaEvents,
    activities: site.activities,
  };
}

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>;
