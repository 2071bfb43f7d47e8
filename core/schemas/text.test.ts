import { describe, expect, test } from "vitest";
import { contactSchema } from "./contact";
import { joinSubmissionSchema } from "./join";
import { loginSchema } from "./login";
import { announcementSchema } from "./announcement";
import { withoutInvisibleControls } from "./text";

/** PostgreSQL cannot store U+0000 in a text column: every stored or looked-up text field refuses it. */
describe("a NUL byte in a text field", () => {
  test.each([
    ["join fullname", joinSubmissionSchema.shape.fullname, "Ayesha\u0000", "Name contains a character that is not allowed"],
    ["join phone", joinSubmissionSchema.shape.phone, "0300123456\u0000", "Phone number contains a character that is not allowed"],
    ["join blood group", joinSubmissionSchema.shape.bloodGroup, "\u0000", "Blood group contains a character that is not allowed"],
    ["join answer", joinSubmissionSchema.shape.question1, "yes\u0000", "Answer contains a character that is not allowed"],
    ["join list entry", joinSubmissionSchema.shape.question5, ["reading\u0000"], "An entry contains a character that is not allowed"],
    [
      "join submission key",
      joinSubmissionSchema.shape.submissionKey,
      "12345678\u0000",
      "The submission key contains a character that is not allowed",
    ],
    ["contact name", contactSchema.shape.name, "Sara\u0000", "Name contains a character that is not allowed"],
    ["contact message", contactSchema.shape.message, "hello\u0000", "Message contains a character that is not allowed"],
    ["login email", loginSchema.shape.email, "owner@example.org\u0000", "Email contains a character that is not allowed"],
    [
      "announcement description",
      announcementSchema.shape.description,
      "A long enough text\u0000",
      "Description contains a character that is not allowed",
    ],
    ["announcement link", announcementSchema.shape.url, "https://forms.gle/a\u0000b", "Enter a valid URL"],
  ])("%s is refused with a message", (_name, schema, value, message) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  test("text around it (markup, right-to-left, emoji) is kept as typed", () => {
    expect(joinSubmissionSchema.shape.fullname.parse(" <b>مریم</b> 🎓 ")).toBe("<b>مریم</b> 🎓");
  });
});

describe("withoutInvisibleControls", () => {
  test("takes out bidirectional controls, C0 and C1 controls and DEL; keeps tabs, line breaks, NUL and joiners", () => {
    // "\u202E" would show "Ayesha gpj.exe" as "Ayesha exe.jpg".
    expect(withoutInvisibleControls("Ayesha \u202Egpj.exe")).toBe("Ayesha gpj.exe");
    expect(withoutInvisibleControls("\u2066a\u2069\u200Eb\u200F\u061Cc\u202A\u202B\u202C\u202D")).toBe("abc");
    expect(withoutInvisibleControls("a\u0001\u0008\u000B\u000C\u001F\u007F\u0085\u009Fb")).toBe("ab");
    expect(withoutInvisibleControls("line\r\nnext\tcell\u0000")).toBe("line\r\nnext\tcell\u0000");
    // Zero-width joiners shape Urdu words and emoji: they stay.
    expect(withoutInvisibleControls("نہ\u200Cیں 👩\u200D⚕️")).toBe("نہ\u200Cیں 👩\u200D⚕️");
  });
});
