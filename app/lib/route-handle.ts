/**
 * What a route module declares about itself in its `handle` export, read from the built route manifest
 * (tests/integration/access-control.test.ts holds every route to it).
 */
export interface RouteHandle {
  /**
   * Its writes ask for the password entered in the session within the last 10 minutes ("Confirm it's you"): its
   * middleware holds `recentPassword` (app/lib/admin-guards.server.ts), and the access-control test refuses a route
   * that declares this without asking, or asks without declaring it.
   */
  recentPassword?: true;
}

/** The `handle` of a route whose writes ask for a recent password. */
export const RECENT_PASSWORD_HANDLE = { recentPassword: true } as const satisfies RouteHandle;
