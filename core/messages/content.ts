/** What a content screen says once the documentary video is taken off the home page. */
export const CONTENT_DONE = { videoRemoved: "Video removed" } as const;
