/** A password reset an admin (or someone typing their address) asked for: the link goes between `before` and `after`. */
export function passwordResetMail({ site, name, email }: { site: string; name: string | null; email: string }) {
  return {
    to: { name: name ?? email, address: email },
    subject: `Reset your password for the ${site} website`,
    before: [
      `Someone asked to reset the password of your admin account on the ${site} website.`,
      "",
      "Choose a new password here. The link works once, for 30 minutes, and signs you out everywhere:",
    ],
    after: ["", "If you did not ask for this, ignore this mail: your password stays as it is."],
  };
}
