/**
 * The one sentence the blood-donor pages and the home page's blood-donor section always show, whatever the committee
 * edits. Here, with what every page loads, so the home page loads no blood-donor code for it.
 */
export const NO_MONEY_FOR_BLOOD = "The society never asks for money for blood. Report anyone who does.";

/** What a form says once the server has stored it. */
export const SAVED = "Saved";

/** What a page, file or download that is not there answers (404). */
export const NOT_FOUND = "Not found";

/** Why an action on something found nothing: another admin deleted it (or it never was). Shown to the admin as is. */
export const goneMessage = (what: string) => `No such ${what}: it was deleted. Reload to see the latest.`;

/** A post whose body is not a form (only a hand-made request sends one): 400. */
export const NOT_A_FORM = "The request is not a form";

/** A post whose `intent` names none of the page's actions (only a hand-made request sends one). */
export const UNKNOWN_INTENT_MESSAGE = "This page has no such action";

/** A required question of a form the committee wrote (join, registration) left unanswered. */
export const QUESTION_REQUIRED = "This question is required";

/** An optional date and time that is not one. */
export const OPTIONAL_DATE_TIME = "Choose a date and time, or leave it empty";

/** A refusal's toast when neither the server nor the post had words of its own. */
export const NOT_DONE = "That did not go through. Please try again.";

/** Too many passwords are being checked right now (a flood of logins): the form is kept, to send again. */
export const SITE_BUSY = "The site is busy right now. Please try again in a moment.";

/** normalPaths' answer to a write whose path is not in its normal form. */
export const PATH_NOT_NORMAL = "The address must be written without . or .. segments, backslashes or empty segments";

/** What the server answers in plain text where no page can: a missing file, a refused request, an error before the app. */
export const PLAIN_ANSWERS = {
  notFound: NOT_FOUND,
  badRequest: "Bad request",
  failed: "Something went wrong",
  crossSite: "Cross-site request refused",
} as const;

/** The error page's title, text and way out, by what went wrong; a refusal's own words replace the text. */
export const ERROR_PAGE = {
  notFound: { title: "Page not found", text: "The page you are looking for does not exist or has moved.", link: "Go to the home page" },
  ownersOnly: { title: "Owners only", text: "Only an Owner can open this page.", link: "Back to the admin panel" },
  bloodOnly: {
    title: "Blood coordinators only",
    text: "Only an Owner or a blood coordinator can open this page.",
    link: "Back to the admin panel",
  },
  signIn: { title: "Please sign in again", text: "Please log in again.", link: "Go to the login" },
  failed: { title: "Something went wrong", text: "Please try again in a moment.", link: "Go to the home page" },
} as const;
