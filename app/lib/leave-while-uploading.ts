/**
 * While photos or a video are on their way, leaving the site (closing the tab, reloading, going to another address)
 * would drop them, so the browser asks first. Moving between admin pages drops nothing: the photo queue and a video's
 * parts keep going, so only leaving the document asks. Browsers show their own words for this question; older ones
 * show these.
 */
export const LEAVE_WHILE_UPLOADING = {
  photos: "Photos are still uploading. Leave anyway?",
  video: "The video is still uploading. Leave anyway?",
} as const;

const held = new Map<symbol, string>();

function askBeforeLeaving(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Still read by some browsers (and required by older ones) to ask at all.
  event.returnValue = [...held.values()][0] ?? "";
}

/** Marks an upload as under way until the returned function is called (calling it again does nothing). */
export function holdWhileUploading(what: keyof typeof LEAVE_WHILE_UPLOADING): () => void {
  const key = Symbol(what);
  if (held.size === 0) window.addEventListener("beforeunload", askBeforeLeaving);
  held.set(key, LEAVE_WHILE_UPLOADING[what]);
  return () => {
    if (!held.delete(key)) return;
    if (held.size === 0) window.removeEventListener("beforeunload", askBeforeLeaving);
  };
}
