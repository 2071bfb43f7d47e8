import { describe, expect, test } from "vitest";
import { messagesFor } from "#core/i18n/translations.ts";
import { contactSchema, contactSchemaIn } from "./contact";
import { joinSchemasIn, joinStep1Schema, joinSubmissionSchema } from "./join";

const APPLICATION = {
  fullname: "Ayesha Khan",
  class: "2nd Year",
  department: "MBBS",
  sargodhaAddress: "12 College Road",
  permanentAddress: "House 4, Lahore",
  email: "ayesha@example.org",
  phone: "03001234567",
  bloodGroup: "B+",
  question1: "To serve",
  question2: "A lot",
  question3: "Selfhood",
  question4: "Daily",
  question5: ["reading"],
  question6: ["Bang-e-Dra"],
  submissionKey: "a-submission-key",
};

/** The message of each field the schema refuses, by field name. */
const messages = (schema: typeof joinSubmissionSchema | typeof contactSchema, value: unknown) =>
  Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("the join form's messages", () => {
  test.each([
    ["fullname", undefined, "Name is required"],
    ["fullname", "   ", "Name is required"],
    ["fullname", "x".repeat(101), "Name must be at most 100 characters"],
    ["class", undefined, "Class is required"],
    ["class", "x".repeat(51), "Class must be at most 50 characters"],
    ["department", undefined, "Department is required"],
    ["department", "x".repeat(101), "Department must be at most 100 characters"],
    ["sargodhaAddress", undefined, "Street address is required"],
    ["sargodhaAddress", "x".repeat(301), "Street address must be at most 300 characters"],
    ["permanentAddress", undefined, "Permanent address is required"],
    ["permanentAddress", "x".repeat(301), "Permanent address must be at most 300 characters"],
    ["email", undefined, "Invalid email"],
    ["email", "not-an-email", "Invalid email"],
    ["email", `${"x".repeat(250)}@example.org`, "Email must be at most 254 characters"],
    ["phone", undefined, "Phone number is required"],
    ["phone", "030012345", "Phone number is required"],
    ["phone", "0".repeat(21), "Phone number must be at most 20 characters"],
    ["bloodGroup", "x".repeat(11), "Blood group must be at most 10 characters"],
    ["question1", undefined, "This question is required"],
    ["question2", " ", "This question is required"],
    ["question3", undefined, "This question is required"],
    ["question4", undefined, "This question is required"],
    ["question4", "x".repeat(2001), "Answer must be at most 2000 characters"],
    ["question5", [], "This question is required"],
    ["question6", [" ", ","], "This question is required"],
    ["question6", ["x".repeat(101)], "Each entry must be at most 100 characters"],
    ["submissionKey", undefined, "Something went wrong while submitting. Try again."],
  ])("%s = %j: '%s'", (field, value, message) => {
    expect(messages(joinSubmissionSchema, { ...APPLICATION, [field]: value })).toEqual({ [field]: message });
  });

  test("the first step alone needs only its own fields; the blood group is optional, the email trimmed and lower-cased", () => {
    // Extra fields (the second step's) are not the first step's business.
    const step1 = joinStep1Schema.parse({ ...APPLICATION, bloodGroup: undefined, email: " Ayesha@Example.ORG ", question1: undefined });
    expect(step1).toMatchObject({ bloodGroup: "", email: "ayesha@example.org" });
  });

  test("a list answer's entries are trimmed, split at commas, without empty ones or repeats, in order", () => {
    const lists = { question5: [" reading ", "cricket, reading", ""], question6: "Man's Search, for Meaning" };
    const parsed = joinSubmissionSchema.parse({ ...APPLICATION, ...lists });
    expect(parsed.question5).toEqual(["reading", "cricket"]);
    expect(parsed.question6).toEqual(["Man's Search", "for Meaning"]);
  });
});

describe("the contact form's messages", () => {
  const MESSAGE = { name: "Sara", email: "sara@example.org", message: "Hello" };
  test.each([
    ["name", undefined, "Please fill all fields"],
    ["email", undefined, "Please fill all fields"],
    ["message", "  ", "Please fill all fields"],
    ["email", "nope", "Invalid email"],
    ["message", "x".repeat(5001), "Message must be at most 5000 characters"],
  ])("%s = %j: '%s'", (field, value, message) => {
    expect(messages(contactSchema, { ...MESSAGE, [field]: value })).toEqual({ [field]: message });
  });
});

describe("the forms' messages in Urdu (the same schemas, made from the Urdu book)", () => {
  const urdu = messagesFor("ur", "forms");

  test("a refused field says why in Urdu, with the field's Urdu name in the length cap", () => {
    const { submission } = joinSchemasIn(urdu);
    expect(messages(submission, { ...APPLICATION, fullname: undefined, question5: [] })).toEqual({
      fullname: "نام ضروری ہے",
      question5: "اس سوال کا جواب ضروری ہے",
    });
    expect(messages(submission, { ...APPLICATION, fullname: "x".repeat(101) })).toEqual({
      fullname: "نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے",
    });
    expect(messages(contactSchemaIn(urdu), { name: "", email: "a@b.pk", message: "Hi" })).toEqual({
      name: "براہ کرم تمام خانے پُر کریں",
    });
  });

  test("the schemas are made once per language, and English is the default export", () => {
    expect(joinSchemasIn(urdu)).toBe(joinSchemasIn(messagesFor("ur", "forms")));
    expect(joinSchemasIn(messagesFor("en", "forms")).submission).toBe(joinSubmissionSchema);
    expect(contactSchemaIn(messagesFor("en", "forms"))).toBe(contactSchema);
  });
});
