/** The join notification's template parameters, named exactly as SPEC section 3 lists them. */
export interface JoinMailParams {
  name: string;
  email: string;
  phone: string;
  class: string;
  department: string;
  sargodhaAddress: string;
  permanentAddress: string;
  bloodGroup: string;
  time: string;
  website_link: string;
}

/** The committee's mail about a new join application: the applicant's details, and where to review it. */
export function joinNotification(p: JoinMailParams) {
  return {
    subject: `New join application: ${p.name}`,
    title: "New join application",
    rows: [
      ["Name", p.name],
      ["Email", p.email],
      ["Phone", p.phone],
      ["Class", p.class],
      ["Department", p.department],
      ["Sargodha address", p.sargodhaAddress],
      ["Permanent address", p.permanentAddress],
      ["Blood group", p.bloodGroup],
      ["Time", p.time],
    ] satisfies [string, string][],
    footer: { label: "Review it in the admin panel", href: p.website_link },
    templateParams: { ...p },
  };
}
