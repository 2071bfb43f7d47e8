import type { Translation } from "./catalogue";
import type { AnnouncementWords } from "./announcements/en";
import type { Messages } from "./en";
import type { FormWords } from "./forms/en";
import type { GalleryWords } from "./galleries/en";
import type { HomeWords } from "./home/en";
import type { RegistrationWords } from "./registration/en";

/**
 * The site's books of words, by name: `site` (core/i18n/en.ts: what every page shows, the menus first), and one book
 * per kind of page in the folder of its name (core/i18n/<name>/en.ts): `home`, `announcements`, `galleries` (the photo
 * pages), `forms` (Join Us, contact) and `registration` (registering for an announcement, its pages and its mails).
 * Each page's scripts import the English of the books they use, so a page carries only its own words; a page in
 * another language carries that language's translation of every book in its data (the root loader).
 */
export interface Books {
  site: Messages;
  home: HomeWords;
  announcements: AnnouncementWords;
  galleries: GalleryWords;
  forms: FormWords;
  registration: RegistrationWords;
}
export type BookName = keyof Books;

/** What a language has translated of each book. */
export type Translations = { [Name in BookName]?: Translation<Books[Name]> };
