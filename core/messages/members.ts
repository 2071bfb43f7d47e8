/** What the Members screens say once they did something, or why they did not. */
export const MEMBERS_MESSAGES = {
  sessionStarted: (session: string, asked: number) =>
    `${session} has started: ${asked} member${asked === 1 ? "" : "s"} asked by mail to stay.`,
  positionSaved: "Position saved",
  removed: "Member removed",
  gone: "No such member: they were removed. Reload to see the latest.",
} as const;

/** What the page a member's "stay a member" link opens says. */
export const RENEWAL_MESSAGES = {
  stayed: "Thank you: you stay a member for the new session.",
  closed: "This link no longer works: you answered already, or its 30 days are over. If you want to be a member, apply again.",
  failure: "Something went wrong. Try again.",
} as const;
