import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { holdWhileUploading, LEAVE_WHILE_UPLOADING } from "./leave-while-uploading";

/** A browser's BeforeUnloadEvent: its returnValue holds the words the page gives (Node's Event has none to set). */
class BeforeUnload extends Event {
  constructor() {
    super("beforeunload", { cancelable: true });
    Object.defineProperty(this, "returnValue", { value: "", writable: true });
  }
}

/** Whether leaving the page now would ask first: a beforeunload that the page cancels, and the words it gives. */
function leaving(): { asks: boolean; words: unknown } {
  const event = new BeforeUnload();
  window.dispatchEvent(event);
  return { asks: event.defaultPrevented, words: (event as unknown as { returnValue: unknown }).returnValue };
}

describe("leaving while uploading", () => {
  beforeEach(() => vi.stubGlobal("window", new EventTarget()));
  afterEach(() => vi.unstubAllGlobals());

  test("asks while any upload is under way, photos or a video, and no longer once the last has ended", () => {
    expect(leaving().asks).toBe(false);
    const photosDone = holdWhileUploading("photos");
    expect(leaving()).toEqual({ asks: true, words: LEAVE_WHILE_UPLOADING.photos });
    const videoDone = holdWhileUploading("video");
    photosDone();
    expect(leaving()).toEqual({ asks: true, words: LEAVE_WHILE_UPLOADING.video });
    // Ending one twice does not end another's hold.
    photosDone();
    expect(leaving().asks).toBe(true);
    videoDone();
    expect(leaving().asks).toBe(false);
  });
});
