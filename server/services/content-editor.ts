import { type ContentEditorDeps, deleteImagesIfUnused, runEdit, runMoveEdit, withPhoto } from "#server/services/content-editor/edits.ts";
import { homeContent, saveDetails, saveLogo, savePresident } from "#server/services/content-editor/home.ts";
import * as contentLists from "#server/services/content-editor/lists.ts";
import { galleryEditor } from "./gallery-editor";
import { videoEditor } from "./video-editor";

/**
 * The admin's edits of the site's content. Each is one transaction with its audit entry and the content version's
 * raise, so the public pages of every instance show it at their next request.
 */
export function contentEditorService({ db, storage, logger }: ContentEditorDeps) {
  const deps = { db, storage, logger };
  const withDeps =
    <A extends unknown[], R>(fn: (deps: ContentEditorDeps, ...args: A) => R) =>
    (...args: A) =>
      fn(deps, ...args);
  const edit = withDeps(runEdit);
  const galleries = galleryEditor({
    db,
    edit,
    moveEdit: withDeps(runMoveEdit),
    withPhoto: withDeps(withPhoto),
    deleteImages: withDeps(deleteImagesIfUnused),
  });
  const listEdits = (list: contentLists.ContentList) => ({
    delete: (id: string, actorId: string) => contentLists.deleteListItem(deps, list, id, actorId),
    move: (id: string, direction: -1 | 1, actorId: string) => contentLists.moveListItem(deps, list, id, direction, actorId),
    moveTo: (id: string, to: number, actorId: string) => contentLists.moveListItemTo(deps, list, id, to, actorId),
  });
  /** The lists whose items are deleted and moved the same way, by their name in the admin's addresses. */
  const lists: Record<string, ReturnType<typeof listEdits>> = {
    goals: listEdits(contentLists.GOALS),
    "social-links": listEdits(contentLists.SOCIAL_LINKS),
    team: listEdits(contentLists.TEAM),
    collaborators: listEdits(contentLists.COLLABORATORS),
    resources: listEdits(contentLists.RESOURCES),
    ...galleries.lists,
  };

  return {
    home: withDeps(homeContent),
    saveDetails: withDeps(saveDetails),
    savePresident: withDeps(savePresident),
    saveLogo: withDeps(saveLogo),
    video: videoEditor({ db, storage, logger, edit }),
    socialLinks: { list: withDeps(contentLists.socialLinkList), save: withDeps(contentLists.saveSocialLink) },
    /** The list named in an address (/admin/content/goals/…), if there is one by that name. */
    list: (name: string) => (Object.hasOwn(lists, name) ? lists[name] : undefined),
    team: { list: withDeps(contentLists.teamList), save: withDeps(contentLists.saveTeamMember) },
    collaborators: { list: withDeps(contentLists.collaboratorList), save: withDeps(contentLists.saveCollaborator) },
    resources: { list: withDeps(contentLists.resourceList), save: withDeps(contentLists.saveResource) },
    galleries,
    goals: { list: withDeps(contentLists.goalList), save: withDeps(contentLists.saveGoal) },
  };
}

export type ContentEditor = ReturnType<typeof contentEditorService>;
