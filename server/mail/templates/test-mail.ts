/** The test mail's parameters: when the admin asked for it. */
export interface TestMailParams {
  time: string;
}

export const TEST_MAIL_SUBJECT = "Test mail from the society website";

/** The test mail an admin sends from the Mail page, to see that the site's mails reach the notification address. */
export function testMail(params: TestMailParams, replyToAddress: string) {
  const text = "This is a test mail, sent from the admin area. If you read it, the website's mails reach this address.";
  return {
    subject: TEST_MAIL_SUBJECT,
    title: TEST_MAIL_SUBJECT,
    rows: [
      ["Sent", params.time],
      ["Message", text],
    ] satisfies [string, string][],
    footer: undefined,
    // EmailJS sends it with the contact message's template, so it carries that template's parameters.
    templateParams: { name: "Society website", email: replyToAddress, time: params.time, message: text },
  };
}
