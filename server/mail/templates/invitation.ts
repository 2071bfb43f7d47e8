import { type AdminRole, ROLE_LABELS } from "#core/admin-roles.ts";

/** The invitation to help run the site, as `role`: the link that accepts it goes between `before` and `after`. */
export function invitationMail({ site, inviter, role, email }: { site: string; inviter: string; role: AdminRole; email: string }) {
  return {
    to: { name: email, address: email },
    subject: `You are invited to run the ${site} website`,
    before: [
      `${inviter} invited you to help run the ${site} website as ${ROLE_LABELS[role]}.`,
      "",
      "Accept the invitation and choose your name and password here. The link works once, for 48 hours:",
    ],
    after: ["", "If you did not expect this mail, ignore it: nothing happens without you."],
  };
}
