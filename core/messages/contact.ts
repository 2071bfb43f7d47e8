/** The contact form's strings (SPEC sections 5 and 8), apart from the schema so the home page can show them without zod. */
export const CONTACT_MESSAGES = {
  fillAll: "Please fill all fields",
  success: "Thank you for contacting us! Email sent successfully.",
  failure: "Something went wrong while sending the email.",
  tooMany: (wait: string) => `Too many messages from your network. Please try again in ${wait}.`,
} as const;
