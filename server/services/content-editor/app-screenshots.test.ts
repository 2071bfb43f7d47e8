import sharp from "sharp";
import { describe, expect, test } from "vitest";
import type { AppScreenshotFormFactor } from "#core/app-screenshots.ts";
import { APP_SCREENSHOT_MESSAGES, PHOTO_FORMATS_MESSAGE } from "#core/messages/content.ts";
import type { AppScreenshotInput } from "#core/schemas/content-forms.ts";
import { imagesRepo } from "#server/repos/images.ts";
import { ACTOR, STALE, gif, useContentEditor } from "#tests/shared/content-editor-kit.ts";
import { testEngines } from "#tests/shared/test-database.ts";

/** A screenshot-like picture of `width`×`height` (a PNG, as phones and computers save them). */
const screenshot = (width: number, height: number, background = "#0f766e") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(testEngines())("the install dialog's screenshots on %s", (engine) => {
  const kit = useContentEditor(engine);
  const version = async () => (await kit.editor().home())!.details.version;
  const save = async (formFactor: AppScreenshotFormFactor, changes: Partial<AppScreenshotInput>, file?: Buffer) =>
    kit.editor().saveAppScreenshot(formFactor, { label: "The home page", version: await version(), ...changes }, file, ACTOR);
  const imageIdOf = async (formFactor: AppScreenshotFormFactor) => {
    const column = formFactor === "narrow" ? "narrowScreenshotImageId" : "wideScreenshotImageId";
    return (await kit.db.selectFrom("siteDetails").select(column).executeTakeFirstOrThrow())[column];
  };
  const storedFile = async (src: string) => (await kit.storage.get(src.replace(/^\/uploads\//, "")))!.body;

  test("a phone's and a computer's are each stored as one WebP in the size taken (a long side over 1920 scaled down), and the manifest lists them", async () => {
    expect(await kit.publicContent().appScreenshots()).toEqual([]);
    expect(await save("narrow", { label: "The home page on a phone" }, await screenshot(780, 1688))).toEqual({ ok: true });
    expect(await save("wide", { label: "The home page on a computer" }, await screenshot(2560, 1600))).toEqual({ ok: true });

    const listed = await kit.publicContent().appScreenshots();
    expect(listed.map(({ src: _src, ...rest }) => rest)).toEqual([
      { width: 780, height: 1688, type: "image/webp", formFactor: "narrow", label: "The home page on a phone" },
      { width: 1920, height: 1200, type: "image/webp", formFactor: "wide", label: "The home page on a computer" },
    ]);
    for (const { src, width, height } of listed) {
      expect(src).toMatch(/^\/uploads\/content\/.+\.webp$/);
      expect(await sharp(await storedFile(src)).metadata()).toMatchObject({ format: "webp", width, height });
    }
    const home = (await kit.editor().home())!;
    expect(home.appScreenshots.narrow).toMatchObject({ label: "The home page on a phone", photo: { width: 780, height: 1688 } });
    expect((await kit.audit()).slice(-2)).toEqual([
      { actor: ACTOR, action: "content.screenshot.edit", detail: "narrow" },
      { actor: ACTOR, action: "content.screenshot.edit", detail: "wide" },
    ]);

    // Kept by the sweeper, and never given a link preview by housekeeping: a screenshot is not shared.
    const ids = [(await imageIdOf("narrow"))!, (await imageIdOf("wide"))!];
    expect(await imagesRepo(kit.db).listUnreferenced(ids)).toEqual([]);
    const withoutPreview = (await imagesRepo(kit.db).listWithoutPreview(1000)).map((image) => image.id);
    expect(withoutPreview.filter((id) => ids.includes(id))).toEqual([]);
  });

  test("a phone's photo turned by its orientation tag is judged and stored upright", async () => {
    const sideways = await sharp({ create: { width: 900, height: 420, channels: 3, background: "#fff" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await save("narrow", {}, sideways)).toEqual({ ok: true });
    expect((await kit.publicContent().appScreenshots())[0]).toMatchObject({ width: 420, height: 900 });
  });

  test("a new screenshot replaces the old one, whose file goes; the label alone may change; Remove takes it away", async () => {
    await save("narrow", {}, await screenshot(400, 800));
    const first = (await imageIdOf("narrow"))!;
    const firstFiles = await kit.filesOf(first);
    expect(await save("narrow", {}, await screenshot(500, 1000, "#fff"))).toEqual({ ok: true });
    expect(await kit.imageIds()).not.toContain(first);
    for (const key of firstFiles) expect(await kit.hasFile(key)).toBe(false);

    const second = (await imageIdOf("narrow"))!;
    expect(await save("narrow", { label: "Our home page" })).toEqual({ ok: true });
    expect(await imageIdOf("narrow")).toBe(second);
    expect((await kit.publicContent().appScreenshots())[0]).toMatchObject({ width: 500, height: 1000, label: "Our home page" });

    const secondFiles = await kit.filesOf(second);
    expect(await save("narrow", { removePhoto: "on" })).toEqual({ ok: true });
    expect((await kit.editor().home())!.appScreenshots.narrow).toMatchObject({ label: "", photo: null });
    expect(await kit.imageIds()).not.toContain(second);
    for (const key of secondFiles) expect(await kit.hasFile(key)).toBe(false);
    expect(await kit.publicContent().appScreenshots()).toEqual([]);
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.screenshot.remove", detail: "narrow" });
  });

  test("each screenshot Chrome would not show is refused at the picture, saying why; nothing is stored", async () => {
    const before = await kit.snapshot();
    const files = kit.filesIn("content");
    const refusals: Array<[AppScreenshotFormFactor, Buffer | undefined, string]> = [
      ["narrow", undefined, APP_SCREENSHOT_MESSAGES.missing],
      ["wide", Buffer.from("not an image at all"), PHOTO_FORMATS_MESSAGE],
      ["wide", await gif(), PHOTO_FORMATS_MESSAGE],
      ["narrow", await screenshot(300, 640), "The screenshot must be at least 320 pixels wide and 320 pixels high"],
      ["wide", await screenshot(1280, 319), "The screenshot must be at least 320 pixels wide and 320 pixels high"],
      [
        "narrow",
        await screenshot(400, 930),
        "The screenshot is too long for its width: its long side must be at most 2.3 times its short side",
      ],
      ["narrow", await screenshot(844, 390), "A phone screenshot must be portrait: taller than it is wide"],
      ["narrow", await screenshot(600, 600), "A phone screenshot must be portrait: taller than it is wide"],
      ["wide", await screenshot(800, 1280), "A computer screenshot must be landscape: wider than it is tall"],
    ];
    for (const [formFactor, file, message] of refusals) {
      expect(await save(formFactor, {}, file), message).toEqual({ ok: false, reason: "photo", message });
    }
    expect(await kit.snapshot()).toEqual(before);
    expect(kit.filesIn("content")).toEqual(files);
  });

  test("a save from an older copy of the site's details is refused, and its screenshot is not kept", async () => {
    const stale = await version();
    await kit.editor().saveLogo({ alt: "Logo", version: stale }, undefined, ACTOR);
    const before = await kit.snapshot();
    const files = kit.filesIn("content");
    expect(await kit.editor().saveAppScreenshot("wide", { label: "Home", version: stale }, await screenshot(1280, 800), ACTOR)).toEqual(
      STALE,
    );
    expect(await kit.snapshot()).toEqual(before);
    expect(kit.filesIn("content")).toEqual(files);
  });
});
