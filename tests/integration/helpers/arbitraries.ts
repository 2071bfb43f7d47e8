import fc from "fast-check";

/**
 * Generators of hostile request bodies for the property-based tests (tests/integration/fuzz-*.test.ts):
 * wrong types, missing and extra fields, huge strings, awkward unicode, prototype keys, duplicated fields,
 * files where text belongs, and every content type a client could claim.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A file part of a multipart body (in any other encoding it turns into its name). */
export class FilePart {
  constructor(
    readonly bytes: Uint8Array,
    readonly type: string,
    readonly name: string,
  ) {}
}

export type FieldValue = Json | FilePart | FieldValue[];
/** A body as an ordered list of fields: a name may repeat, and any name may be used (`__proto__` included). */
export type Fields = [string, FieldValue][];

/** Strings that have broken some web application somewhere. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\ud83d\ude00",
  "\u202Egnp.exe\u202C",
  "\u200f\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627",
  "\ufeff",
  "\u200b\u200c\u200d\u2060",
  "e\u0301\u0301\u0301\u0301\u0301",
  "\u2028\u2029",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "' OR '1'='1' --",
  "1; DROP TABLE applications; --",
  "${7*7}{{7*7}}<%= 7*7 %>",
  "../../../../etc/passwd",
  "%00%ff%2e%2e%2f",
  "a\r\nBcc: victim@example.org",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "NaN",
  "-0",
  "1e309",
  "true",
  "null",
  "undefined",
  "[object Object]",
  "\u{10FFFF}",
  "\u{1F4A9}".repeat(40),
  "ó".normalize("NFD"),
] as const;

/** Single UTF-16 code units, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 40 }) },
  // Long and huge: around the fields' own caps (100 to 5000 characters) and past the 64 KB body cap.
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("x", "é", "\u{1F4A9}", "<", "\u0000", "\ud800", "a b"),
        fc.constantFrom(101, 255, 301, 2001, 5001, 20_000, 70_000),
      )
      .map(([unit, times]) => unit.repeat(times)),
  },
);

/** Keys a mass-assignment or prototype-pollution attempt would send. */
export const EXTRA_KEYS = [
  "id",
  "createdAt",
  "createdAt",
  "status",
  "submissionKey",
  "submissionKey",
  "joinUsVisible",
  "joinUsVisible",
  "adminId",
  "adminId",
  "imageId",
  "imageId",
  "mustChangePassword",
  "passwordHash",
  "__proto__",
  "constructor",
  "prototype",
  "website",
] as const;

export function hostileKey(): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...EXTRA_KEYS) }, { weight: 1, arbitrary: hostileString });
}

/** Any JSON value, nested a little, with hostile strings and hostile keys. */
export const hostileJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(hostileKey(), fc.string({ maxLength: 8 })), tie("value")), { maxLength: 4 })
        .map((entries): Json => Object.fromEntries(entries)),
    },
  ),
})).value;

const smallBytes = fc.uint8Array({ maxLength: 64 });

/** A file part that is not what its name and type say. */
export const hostileFile: fc.Arbitrary<FilePart> = fc
  .tuple(
    fc.oneof(
      smallBytes,
      fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      fc.constant(new TextEncoder().encode("<!doctype html><script>alert(1)</script>")),
      fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])),
      fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      fc.constant(new Uint8Array(0)),
    ),
    fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "text/html", "application/octet-stream", ""),
    fc.constantFrom("poster.png", "poster.jpg", "x.svg", "../../evil.png", "\u202Egnp.exe", "a\u0000.png", ""),
  )
  .map(([bytes, type, name]) => new FilePart(bytes, type, name));

/** A value for a field: mostly JSON, now and then a file. */
export const hostileValue: fc.Arbitrary<FieldValue> = fc.oneof(
  { weight: 8, arbitrary: hostileJson },
  { weight: 1, arbitrary: hostileFile },
  { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) },
);

/** A body that has nothing to do with the form: random fields, random values. */
export const chaoticFields: fc.Arbitrary<Fields> = fc.array(fc.tuple(fc.oneof(hostileKey(), fc.string({ maxLength: 12 })), hostileValue), {
  maxLength: 8,
});

/**
 * Bodies for a form whose valid body is `valid`: a third stay valid (each field drawn from `validValues` when
 * given, so that hostile but acceptable text gets stored) with extra fields a mass assignment would send; half
 * are mutated field by field (kept, dropped, replaced by a hostile value, or sent twice); the rest are chaos.
 */
export function requestFields(
  valid: Record<string, FieldValue>,
  validValues: Partial<Record<string, fc.Arbitrary<FieldValue>>> = {},
): fc.Arbitrary<Fields> {
  const names = Object.keys(valid);
  const validField = (name: string): fc.Arbitrary<FieldValue> => validValues[name] ?? fc.constant(valid[name]!);
  const validBody = fc.tuple(...names.map((name) => validField(name).map((value): [string, FieldValue] => [name, value])));
  const extraKeys = EXTRA_KEYS.filter((key) => !names.includes(key));
  const extras = fc.array(fc.tuple(fc.constantFrom(...extraKeys), hostileValue), { maxLength: 4 });
  const perField = (name: string): fc.Arbitrary<Fields> =>
    fc.oneof(
      { weight: 6, arbitrary: validField(name).map((value): Fields => [[name, value]]) },
      { weight: 1, arbitrary: fc.constant<Fields>([]) },
      { weight: 2, arbitrary: hostileValue.map((value): Fields => [[name, value]]) },
      {
        weight: 1,
        arbitrary: fc.tuple(validField(name), hostileValue).map(([first, second]): Fields => [
          [name, first],
          [name, second],
        ]),
      },
    );
  const mutated = fc.tuple(fc.tuple(...names.map(perField)), fc.array(fc.tuple(hostileKey(), hostileValue), { maxLength: 2 }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(validBody, extras).map(([fields, extra]): Fields => [...fields, ...extra]) },
    { weight: 5, arbitrary: mutated.map(([fields, extra]): Fields => [...fields.flat(), ...extra]) },
    { weight: 2, arbitrary: chaoticFields },
  );
}

export type Encoding =
  | "json"
  | "json-duplicate-keys"
  | "json-invalid"
  | "json-not-object"
  | "urlencoded"
  | "urlencoded-raw-bytes"
  | "multipart"
  | "multipart-broken"
  | "text-plain"
  | "no-content-type"
  | "empty"
  | "wrong-charset";

export const ENCODINGS: readonly Encoding[] = [
  "json",
  "json-duplicate-keys",
  "json-invalid",
  "json-not-object",
  "urlencoded",
  "urlencoded-raw-bytes",
  "multipart",
  "multipart-broken",
  "text-plain",
  "no-content-type",
  "empty",
  "wrong-charset",
];

/** An encoding, weighted towards the one the form really uses so that bodies reach the schema. */
export function encodingFor(preferred: Encoding): fc.Arbitrary<Encoding> {
  return fc.oneof(
    { weight: ENCODINGS.length, arbitrary: fc.constant(preferred) },
    { weight: ENCODINGS.length, arbitrary: fc.constantFrom(...ENCODINGS) },
  );
}

export interface EncodedBody {
  body: BodyInit | undefined;
  contentType: string | undefined;
}

/** How a value reads as one text field (urlencoded and multipart have nothing but text and files). */
export function asText(value: FieldValue): string {
  if (value instanceof FilePart) return value.name;
  if (typeof value === "string") return value;
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof FilePart ? v.name : v)) ?? "";
}

/** Arrays become repeated fields: the duplicate-field case of a form body. */
/** The fields as a form body carries them: a list field is one entry per item (none for an empty list). */
export function flatten(fields: Fields): [string, string | FilePart][] {
  return fields.flatMap(([name, value]) =>
    Array.isArray(value)
      ? value.map((item): [string, string | FilePart] => [name, item instanceof FilePart ? item : asText(item)])
      : [[name, value instanceof FilePart ? value : asText(value)]],
  );
}

function toJson(value: FieldValue): Json {
  if (value instanceof FilePart) return value.name;
  if (Array.isArray(value)) return value.map(toJson);
  return value;
}

/** A JSON object text with the fields in order; repeated names repeat, `__proto__` is an ordinary key. */
function jsonObjectText(fields: Fields): string {
  return `{${fields.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(toJson(value))}`).join(",")}}`;
}

/** Lone surrogates replaced by U+FFFD (what a browser sends for them). */
const wellFormed = (text: string): string =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** Percent-encodes every byte but unreserved ones, then sprinkles byte sequences that are not UTF-8. */
function rawFormText(fields: [string, string | FilePart][]): string {
  const encode = (text: string) => encodeURIComponent(wellFormed(text));
  const junk = ["%FF", "%C0%AF", "%ED%A0%80", "%00", "%", "%G1", "+", "&&", "=="];
  return fields
    .map(([name, value], i) => `${encode(name)}=${encode(value instanceof FilePart ? value.name : value)}${junk[i % junk.length]}`)
    .join("&");
}

export function encodeBody(fields: Fields, encoding: Encoding): EncodedBody {
  switch (encoding) {
    case "json": {
      const object: Record<string, Json> = {};
      for (const [name, value] of fields)
        Object.defineProperty(object, name, { value: toJson(value), enumerable: true, configurable: true, writable: true });
      return { body: JSON.stringify(object), contentType: "application/json" };
    }
    case "json-duplicate-keys":
      return { body: jsonObjectText(fields), contentType: "application/json; charset=utf-8" };
    case "json-invalid":
      return { body: jsonObjectText(fields).slice(0, -1) + ",}", contentType: "application/json" };
    case "json-not-object":
      return { body: JSON.stringify(fields.map(([, value]) => toJson(value))), contentType: "application/json" };
    case "urlencoded":
      return {
        body: new URLSearchParams(
          flatten(fields).map(([name, value]) => [name, value instanceof FilePart ? value.name : value]),
        ).toString(),
        contentType: "application/x-www-form-urlencoded",
      };
    case "urlencoded-raw-bytes":
      return { body: rawFormText(flatten(fields)), contentType: "application/x-www-form-urlencoded" };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of flatten(fields)) {
        if (value instanceof FilePart) form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
        else form.append(name, value);
      }
      return { body: form, contentType: undefined };
    }
    case "multipart-broken":
      return {
        body: `--xyz\r\nContent-Disposition: form-data; name="${flatten(fields)[0]?.[0] ?? "a"}"\r\n\r\nunterminated`,
        contentType: "multipart/form-data; boundary=xyz",
      };
    case "text-plain":
      return {
        body: flatten(fields)
          .map(([name, value]) => `${name}=${value instanceof FilePart ? value.name : value}`)
          .join("\n"),
        contentType: "text/plain",
      };
    case "no-content-type":
      return { body: new TextEncoder().encode(jsonObjectText(fields)), contentType: undefined };
    case "empty":
      return { body: undefined, contentType: "application/json" };
    case "wrong-charset":
      return { body: new TextEncoder().encode(jsonObjectText(fields)), contentType: "application/json; charset=utf-16le" };
  }
}
