/** The maskable home-screen icon's side in pixels (server/images/maskable-icon.ts makes it; the manifest names it). */
export const MASKABLE_ICON_SIZE = 512;
