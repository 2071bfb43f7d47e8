import { expect, test } from "vitest";
import { directionOf, visualRuns } from "./text-runs";

const texts = (line: string) => visualRuns(line).map((run) => [run.text, run.script]);

test("a text takes the direction of its first letter, numbers and punctuation aside", () => {
  expect(directionOf("Zoë Ångström-Núñez")).toBe("ltr");
  expect(directionOf("12. محمد علی")).toBe("rtl");
  expect(directionOf("Dr. محمد علی")).toBe("ltr");
  expect(directionOf("2026 ·")).toBe("ltr");
});

test("a Latin name is one run as written", () => {
  expect(texts("Zoë Ångström-Núñez")).toEqual([["Zoë Ångström-Núñez", "latin"]]);
});

test("an Urdu or Arabic name is one run in logical order, which fontkit shapes and turns right to left", () => {
  expect(visualRuns("محمد علی")).toEqual([{ text: "محمد علی", script: "arabic", rightToLeft: true }]);
  expect(visualRuns("فاطمة الزهراء")).toEqual([{ text: "فاطمة الزهراء", script: "arabic", rightToLeft: true }]);
});

test("Urdu inside English stays where it is written, each in its own font", () => {
  expect(texts("Dr. محمد علی Khan")).toEqual([
    ["Dr. ", "latin"],
    ["محمد علی", "arabic"],
    [" ", "arabic"],
    ["Khan", "latin"],
  ]);
});

test("in right-to-left text, English and numbers read left to right, and the runs go right to left", () => {
  expect(texts("ورکشاپ نمبر 12: BLS")).toEqual([
    ["BLS", "latin"],
    [" :", "arabic"],
    ["12", "arabic"],
    ["ورکشاپ نمبر ", "arabic"],
  ]);
  expect(texts("ساعات 1.5")).toEqual([
    ["1.5", "arabic"],
    ["ساعات ", "arabic"],
  ]);
});

test("brackets in right-to-left text are mirrored, so that they open towards what they enclose", () => {
  expect(visualRuns("انجمن (SMC)")).toEqual([
    { text: "(", script: "latin", rightToLeft: true },
    { text: "SMC", script: "latin", rightToLeft: false },
    // Laid out by fontkit, which reverses it: ") نمجنا", drawn as "انجمن" with a ")" on its left.
    { text: "انجمن )", script: "arabic", rightToLeft: true },
  ]);
});

test("Arabic-Indic digits read left to right although fontkit turns anything Arabic round: they go to it reversed", () => {
  expect(texts("حصہ ۱۲")).toEqual([
    ["۲۱", "arabic"],
    ["حصہ ", "arabic"],
  ]);
});
