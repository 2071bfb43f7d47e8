/** The contact mail's template parameters (SPEC section 3), and the link to the message in the admin area. */
export interface ContactMailParams {
  name: string;
  email: string;
  time: string;
  message: string;
  /** Absent from mails queued before the inbox existed. */
  website_link?: string;
}

/** The committee's mail about a new contact message: who wrote, when, what, and where to read it. */
export function contactNotification(p: ContactMailParams) {
  return {
    subject: `New contact message: ${p.name}`,
    title: "New contact message",
    rows: [
      ["Name", p.name],
      ["Email", p.email],
      ["Time", p.time],
      ["Message", p.message],
    ] satisfies [string, string][],
    footer: p.website_link ? { label: "Read it in the admin area", href: p.website_link } : undefined,
    templateParams: { ...p },
  };
}
