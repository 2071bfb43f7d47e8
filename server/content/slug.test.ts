import { describe, expect, test } from "vitest";
import { slugify, uniqueSlug } from "./slug";

describe("gallery slugs", () => {
  test("lower-case words joined by hyphens, accents dropped, never empty", () => {
    expect(slugify("Class to Class Compaign")).toBe("class-to-class-compaign");
    expect(slugify("MUN (Model United Nation)")).toBe("mun-model-united-nation");
    expect(slugify("  Zoë's Café!  ")).toBe("zoe-s-cafe");
    expect(slugify("🎓")).toBe("gallery");
  });

  test("a name already taken gets the next free number", () => {
    expect(uniqueSlug("Sports", new Set(["sports", "sports-2"]))).toBe("sports-3");
    expect(uniqueSlug("Sports", new Set())).toBe("sports");
  });
});
