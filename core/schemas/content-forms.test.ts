import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { CONFLICT_MESSAGE, MOVE_MESSAGES, VIDEO_FORMATS_MESSAGE, VIDEO_MISSING_MESSAGE } from "#core/messages/content.ts";
import {
  collaboratorSchema,
  gallerySchema,
  goalSchema,
  logoSchema,
  moveItemSchema,
  presidentSchema,
  resourceSchema,
  siteDetailsSchema,
  socialLinkSchema,
  teamMemberSchema,
  videoChoiceSchema,
} from "./content-forms";

const link = "https://example.org/";
const details = {
  name: "Society",
  shortName: "SMC",
  tagline: "Tag",
  heroText: "Hero",
  mission: "Mission",
  videoChannelUrl: link,
  whatsappContactUrl: link,
  whatsappCommunityUrl: link,
  version: "3",
};
const photo = new Blob([new Uint8Array([1, 2, 3])], { type: "image/jpeg" });

/** The message each field gets, as the server's answer and the browser's check show it at that field. */
function messages(schema: z.ZodType, input: Record<string, unknown>): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join(".") || "", issue.message]));
}

/** The content screens' forms: each refusal names its field, the way the spec words it. */
describe("the content forms", () => {
  const badLink = (label: string) => `${label} must be a link starting with https:// or http://`;
  test.each([
    [
      "the home texts: an empty name, links that are not http(s), a mission over its limit, a version that is not one",
      siteDetailsSchema,
      {
        ...details,
        name: "   ",
        videoChannelUrl: "javascript:alert(1)",
        whatsappContactUrl: "ftp://x.org/",
        mission: "x".repeat(2001),
        version: "x",
      },
      {
        name: "Name is required",
        videoChannelUrl: badLink("Video channel link"),
        whatsappContactUrl: badLink("WhatsApp link"),
        mission: "Mission must be at most 2000 characters",
        version: CONFLICT_MESSAGE,
      },
    ],
    [
      "a goal without a title, too long, with an id that is not one",
      goalSchema,
      { id: "x", title: "", description: "y".repeat(501) },
      { id: "No such item", title: "Title is required", description: "Description must be at most 500 characters" },
    ],
    [
      "a social link of an unknown network, without a label, to a javascript: link",
      socialLinkSchema,
      { network: "myspace", label: " ", url: "javascript:alert(1)" },
      { network: "Choose Facebook or Instagram", label: "Label is required", url: badLink("Link") },
    ],
    ["a member without a title", teamMemberSchema, { name: "Maryam", title: "" }, { title: "Title is required" }],
    [
      "a new collaborator without its logo, and a link that is not one",
      collaboratorSchema,
      { name: "Noor", description: "Helps", url: "not a link" },
      { photo: "Choose the collaborator's logo", url: badLink("Link") },
    ],
    [
      "a new resource without its picture",
      resourceSchema,
      { title: "Notes", menuLabel: "N", url: link },
      { photo: "Choose a picture for the card" },
    ],
    [
      "an empty menu label, a link that is not one and a long title",
      resourceSchema,
      { id: "0190f0a8-0000-7000-8000-000000000000", version: "1", title: "x".repeat(101), menuLabel: "  ", url: "drive folder" },
      { title: "Title must be at most 100 characters", menuLabel: "Menu label is required", url: badLink("Link") },
    ],
    [
      "a president without a name and a long message",
      presidentSchema,
      { name: " ", title: "President", message: "x".repeat(2001), version: "1" },
      { name: "Name is required", message: "Message must be at most 2000 characters" },
    ],
    ["a logo without a description", logoSchema, { alt: "  ", version: "1" }, { alt: "Description is required" }],
    [
      "a gallery with a bad date, the Explore kind and no name",
      gallerySchema,
      { name: "", kind: "explore", date: "14/03/2026" },
      { name: "Name is required", kind: "Choose Event or Activity", date: "Date must be a date, such as 2026-03-14" },
    ],
    [
      "Urdu texts over their English twins' limits (an empty one, or none, is none written)",
      siteDetailsSchema,
      { ...details, taglineUr: "ط".repeat(101), heroTextUr: "", missionUr: "م".repeat(2001) },
      { taglineUr: "Tagline in Urdu must be at most 100 characters", missionUr: "Mission in Urdu must be at most 2000 characters" },
    ],
  ])("%s is refused at its field", (_name, schema, input, expected) => {
    expect(messages(schema, input)).toEqual(expected);
  });

  test("a collaborator's cleared link is no link; an edit keeps its logo without a new one; line breaks are stored as \\n", () => {
    expect(
      collaboratorSchema.parse({ id: "0190f0a8-0000-7000-8000-000000000000", version: "2", name: "N", description: "D", url: "" }),
    ).toMatchObject({
      url: undefined,
      version: 2,
    });
    expect(collaboratorSchema.parse({ name: "N", description: "D", photo }).photo).toBe(photo);
    expect(teamMemberSchema.parse({ name: "N", title: "T", description: "Line one\r\nLine two" }).description).toBe("Line one\nLine two");
  });

  test("the video form, before sending anything, asks for an MP4 or WebM video; a file of no known type is left to the server", () => {
    const video = (type: string) => new File([new Uint8Array(8)], "film", { type });
    expect(messages(videoChoiceSchema, { version: "1", video: video("image/png") })).toEqual({ video: VIDEO_FORMATS_MESSAGE });
    expect(messages(videoChoiceSchema, { version: "1", video: new File([], "") })).toEqual({ video: VIDEO_MISSING_MESSAGE });
    for (const type of ["video/webm", "video/mp4", ""])
      expect(messages(videoChoiceSchema, { version: "1", video: video(type) })).toEqual({});
  });

  test.each([
    [{ to: "3" }, { to: 3 }],
    [{ direction: "up" }, { direction: "up" }],
  ])("a move says which way or where to: %j", (input, expected) => {
    expect(moveItemSchema.parse(input)).toEqual(expected);
  });

  test.each([
    [{ to: "-1" }, MOVE_MESSAGES.to],
    [{ to: "1.5" }, MOVE_MESSAGES.to],
    [{ to: "1e2" }, MOVE_MESSAGES.to],
    [{ to: "" }, MOVE_MESSAGES.to],
    [{ to: "two" }, MOVE_MESSAGES.to],
    [{ to: "99999999999999999999" }, MOVE_MESSAGES.to],
    [{ direction: "sideways" }, MOVE_MESSAGES.direction],
    [{ to: "1", direction: "down" }, MOVE_MESSAGES.either],
    [{}, MOVE_MESSAGES.either],
  ])("a move %j is refused with its message", (input, message) => {
    expect(moveItemSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});
