import { bindFirst } from "#server/bind-first.ts";
import { type ContentEditorDeps, deleteImagesIfUnused, runEdit, runMoveEdit, withPhoto } from "#server/services/content-editor/edits.ts";
import { saveAppScreenshot } from "#server/services/content-editor/app-screenshots.ts";
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
  const edit = bindFirst(deps, runEdit);
  const galleries = galleryEditor({
    db,
    edit,
    moveEdit: bindFirst(deps, runMoveEdit),
    withPhoto: bindFirst(deps, withPhoto),
    deleteImages: bindFirst(deps, deleteImagesIfUnused),
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
    home: bindFirst(deps, homeContent),
    saveDetails: bindFirst(deps, saveDetails),
    savePresident: bindFirst(deps, savePresident),
    saveLogo: bindFirst(deps, saveLogo),
    /** A screenshot of the site for the install dialog ("narrow": on a phone, "wide": on a computer) and its label. */
    saveAppScreenshot: bindFirst(deps, saveAppScreenshot),
    video: videoEditor({ db, storage, logger, edit }),
    socialLinks: { list: bindFirst(deps, contentLists.socialLinkList), save: bindFirst(deps, contentLists.saveSocialLink) },
    /** The list named in an address (/admin/content/goals/…), if there is one by that name. */
    list: (name: string) => (Object.hasOwn(lists, name) ? lists[name] : undefined),
    team: { list: bindFirst(deps, contentLists.teamList), save: bindFirst(deps, contentLists.saveTeamMember) },
    collaborators: { list: bindFirst(deps, contentLists.collaboratorList), save: bindFirst(deps, contentLists.saveCollaborator) },
    resources: { list: bindFirst(deps, contentLists.resourceList), save: bindFirst(deps, contentLists.saveResource) },
    galleries,
    goals: { list: bindFirst(deps, contentLists.goalList), save: bindFirst(deps, contentLists.saveGoal) },
  };
}

export type ContentEditor = ReturnType<typeof contentEditorService>;
