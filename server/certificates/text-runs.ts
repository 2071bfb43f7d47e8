/**
 * A line of text cut into runs of one script and one direction, in the order they are drawn (left to right): a
 * reduced form of the Unicode bidirectional algorithm (UAX #9) for one line without explicit embeddings, enough for
 * names and titles in Latin, Arabic and Urdu, mixed or not, with numbers.
 *
 * Kept out: explicit embedding and isolate controls, and the finer number rules (signs, currency and percent marks).
 * Anything in the Arabic script counts as a right-to-left letter, its punctuation included.
 */

export type Script = "latin" | "arabic";
export type Direction = "ltr" | "rtl";

export interface TextRun {
  /**
   * The run's text as given to fontkit: in logical order if fontkit reverses it as it lays it out (a right-to-left run
   * with Arabic letters, which it also shapes), otherwise turned so that it comes out in the order drawn.
   */
  text: string;
  script: Script;
  /** Drawn right to left, its brackets mirrored (those in `text` are already). */
  rightToLeft: boolean;
}

/** Strong left-to-right, strong right-to-left, a number (either kind of digits), or neutral. */
type Kind = "L" | "R" | "number" | "N";

interface Segment {
  characters: string[];
  level: number;
  script: Script;
}

const ARABIC_SCRIPT = /\p{Script_Extensions=Arabic}/u;
/**
 * fontkit lays a run out right to left, reversing it, if its first character of a script (not common or inherited)
 * is Arabic: letters, and the Arabic-Indic digits too.
 */
const TAKEN_FOR_ARABIC_BY_FONTKIT = /\p{Script=Arabic}/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9]/u;
/** Inside a number ("1.5", "3,000", "12/12"), these belong to it. */
const NUMBER_SEPARATOR = /[.,:/\u066b\u066c]/u;
const MIRRORED: Record<string, string> = {
  "(": ")",
  ")": "(",
  "[": "]",
  "]": "[",
  "{": "}",
  "}": "{",
  "<": ">",
  ">": "<",
  "«": "»",
  "»": "«",
};

/** Whether `text` has anything set in the Arabic script's font. */
export const usesArabicScript = (text: string): boolean => ARABIC_SCRIPT.test(text);

/** The paragraph direction of `text`: that of its first strong letter, left to right if it has none. */
export function directionOf(text: string): Direction {
  for (const character of text) {
    const kind = kindOf(character);
    if (kind === "L") return "ltr";
    if (kind === "R") return "rtl";
  }
  return "ltr";
}

/** The runs of one line, left to right as drawn; `direction` is the paragraph's (a wrapped text keeps one for all lines). */
export function visualRuns(line: string, direction: Direction = directionOf(line)): TextRun[] {
  const characters = Array.from(line);
  const levels = resolvedLevels(characters, direction);
  const scripts = scriptsOf(characters);
  const segments: Segment[] = [];
  characters.forEach((character, index) => {
    const last = segments.at(-1);
    if (last && last.level === levels[index] && last.script === scripts[index]) last.characters.push(character);
    else segments.push({ characters: [character], level: levels[index]!, script: scripts[index]! });
  });
  return inVisualOrder(segments).map(runOf);
}

function kindOf(character: string): Kind {
  if (DIGIT.test(character)) return "number";
  if (ARABIC_SCRIPT.test(character)) return "R";
  if (LETTER_OR_MARK.test(character)) return "L";
  return "N";
}

/** Each character's embedding level: even is drawn left to right, odd right to left (UAX #9, rules W4 to I2). */
function resolvedLevels(characters: string[], direction: Direction): number[] {
  const paragraph: Kind = direction === "rtl" ? "R" : "L";
  const kinds = characters.map(kindOf);
  // W4: a single separator between two digits is part of the number.
  kinds.forEach((kind, index) => {
    if (kind === "N" && NUMBER_SEPARATOR.test(characters[index]!) && kinds[index - 1] === "number" && kinds[index + 1] === "number") {
      kinds[index] = "number";
    }
  });
  // W7: a number after left-to-right text (or at the start of a left-to-right paragraph) reads as that text.
  let strong = paragraph;
  kinds.forEach((kind, index) => {
    if (kind === "L" || kind === "R") strong = kind;
    else if (kind === "number" && strong === "L") kinds[index] = "L";
  });
  resolveNeutrals(kinds, paragraph);
  return kinds.map((kind) => (kind === "R" ? 1 : kind === "number" || paragraph === "R" ? 2 : 0));
}

/** N1, N2: neutrals between two sides of one direction take it (numbers count as right to left), others the paragraph's. */
function resolveNeutrals(kinds: Kind[], paragraph: Kind): void {
  const sideOf = (kind: Kind | undefined) => (kind === undefined ? paragraph : kind === "number" ? "R" : kind);
  for (let start = 0; start < kinds.length; start++) {
    if (kinds[start] !== "N") continue;
    let end = start;
    while (kinds[end + 1] === "N") end++;
    const before = sideOf(kinds[start - 1]);
    const resolved = before === sideOf(kinds[end + 1]) ? before : paragraph;
    kinds.fill(resolved, start, end + 1);
    start = end;
  }
}

/** The font each character is set in: its script's, or for digits and neutrals, that of the letters before (or after) it. */
function scriptsOf(characters: string[]): Script[] {
  const own = characters.map((character): Script | null =>
    ARABIC_SCRIPT.test(character) ? "arabic" : LETTER_OR_MARK.test(character) ? "latin" : null,
  );
  const first = own.find((script) => script !== null) ?? "latin";
  let previous: Script = first;
  return own.map((script) => (previous = script ?? previous));
}

/** UAX #9 rule L2: from the highest level down to 1, reverse every stretch at that level or above. */
function inVisualOrder(segments: Segment[]): Segment[] {
  const ordered = [...segments];
  const highest = Math.max(0, ...segments.map((segment) => segment.level));
  for (let level = highest; level >= 1; level--) {
    for (let start = 0; start < ordered.length; start++) {
      if (ordered[start]!.level < level) continue;
      let end = start;
      while (end + 1 < ordered.length && ordered[end + 1]!.level >= level) end++;
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return ordered;
}

/** A bracket as drawn in right-to-left text (UAX #9, L4): the other of its pair. Mirroring it again gives it back. */
export const mirrored = (character: string): string => MIRRORED[character] ?? character;

/** A right-to-left segment's brackets mirrored, its characters in the order that fontkit draws right. */
function runOf({ characters, level, script }: Segment): TextRun {
  const rightToLeft = level % 2 === 1;
  const shown = rightToLeft ? characters.map(mirrored) : characters;
  const reversedByFontkit = shown.some((character) => TAKEN_FOR_ARABIC_BY_FONTKIT.test(character));
  return { text: (rightToLeft === reversedByFontkit ? shown : [...shown].reverse()).join(""), script, rightToLeft };
}
