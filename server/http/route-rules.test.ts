import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { routeRulesOf } from "./route-rules";

/** A build's routes as the manifest gives them: an id, its parent, its own path segment and its module. */
function buildOf(routes: { id: string; parentId?: string; path?: string; index?: true; module: Record<string, unknown> }[]): ServerBuild {
  return { routes: Object.fromEntries(routes.map((route) => [route.id, route])) } as unknown as ServerBuild;
}

const action = () => null;

describe("route rules from the built manifest", () => {
  const rules = routeRulesOf(
    buildOf([
      { id: "root", path: "", module: { default: () => null } },
      { id: "area", parentId: "root", module: { handle: { adminArea: true } } },
      { id: "entry", parentId: "area", path: "admin", module: { loader: action, default: () => null } },
      { id: "layout", parentId: "area", module: {} },
      { id: "home", parentId: "root", index: true, module: { default: () => null } },
      { id: "notes-public", parentId: "root", path: "notes", module: { default: () => null } },
      { id: "photos", parentId: "layout", path: "admin/galleries/:id/photos", module: { action, handle: { uploadMaxBytes: 5000 } } },
      { id: "save", parentId: "layout", path: "admin/notes/save", module: { action } },
      {
        id: "login",
        parentId: "area",
        path: "admin/login",
        module: { action, loader: action, default: () => null, handle: { keepsPublicPages: true, signIn: true, login: true } },
      },
      { id: "page", parentId: "layout", path: "admin/notes", module: { action, loader: action, default: () => null } },
      { id: "note", parentId: "layout", path: "admin/notes/:id", module: { loader: action, default: () => null } },
      { id: "csv", parentId: "layout", path: "admin/notes.csv", module: { loader: action } },
    ]),
  );

  test("an upload's cap comes from its route's handle, a :param matching one segment; other routes have none", () => {
    expect(rules.uploadMaxBytes("/admin/galleries/g-1/photos")).toBe(5000);
    expect(rules.uploadMaxBytes("/admin/galleries/g-1/x/photos")).toBeUndefined();
    expect(rules.uploadMaxBytes("/admin/notes/save")).toBeUndefined();
  });

  test("a route with an action and neither a loader nor a page only takes posts", () => {
    expect(rules.isPostOnly("/admin/notes/save")).toBe(true);
    expect(rules.isPostOnly("/admin/galleries/g-1/photos")).toBe(true);
    expect(rules.isPostOnly("/admin/notes")).toBe(false);
    expect(rules.isPostOnly("/admin/unknown")).toBe(false);
  });

  test("posts to a route whose handle says so leave the public pages as they are; other routes' may change them", () => {
    expect(rules.keepsPublicPages("/admin/login")).toBe(true);
    expect(rules.keepsPublicPages("/admin/notes/save")).toBe(false);
  });

  test("the routes beneath a layout declaring `adminArea` are the admin area, however deep; the layout's own path is not", () => {
    for (const path of ["/admin", "/admin/login", "/admin/notes", "/admin/notes/save", "/admin/galleries/g-1/photos"]) {
      expect(rules.isAdminArea(path), path).toBe(true);
    }
    for (const path of ["/", "/notes", "/admin/unknown", "/administration"]) expect(rules.isAdminArea(path), path).toBe(false);
  });

  test("an admin page to return to after signing in has a loader and a page in the admin area, and is not the sign-in's", () => {
    for (const path of ["/admin", "/admin/notes", "/admin/notes/n-1"]) expect(rules.isAdminPage(path), path).toBe(true);
    for (const path of ["/admin/login", "/admin/notes.csv", "/admin/notes/save", "/admin/notes/n-1/x", "/notes", "/", "//evil.example"]) {
      expect(rules.isAdminPage(path), path).toBe(false);
    }
  });

  test("the login is the route whose handle says `login`", () => {
    expect(rules.isLogin("/admin/login")).toBe(true);
    expect(rules.isLogin("/admin/notes")).toBe(false);
  });
});
