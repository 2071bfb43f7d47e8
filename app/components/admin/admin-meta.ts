/** An admin page's title; search engines are told to leave the page out. */
export const adminMeta = (title: string) => [{ title }, { name: "robots", content: "noindex, nofollow" }];
