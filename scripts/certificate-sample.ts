/**
 * Draws a sample certificate of attendance, to look at after changing server/certificates/: the society's name and
 * logo from content/, one of a few people (an Urdu name by default), and no signature image.
 *
 *   node --import tsx scripts/certificate-sample.ts <out.pdf> [urdu|arabic|latin|long]
 *   pdftoppm -png -r 80 -singlefile <out.pdf> <out>      (to see it as <out>.png)
 */
import fs from "node:fs";
import path from "node:path";
import site from "#content/site.ts";
import { CONTENT_DIR } from "#server/content/load-site.ts";
import { type CertificateDrawing, drawCertificate } from "#server/certificates/pdf.ts";

const NUMBER = "K3F9-2M7Q-8XJD-4HPL-W6TZ-9RNC-5B";

const PEOPLE = {
  urdu: {
    personName: "محمد علی",
    eventTitle: "Annual Symposium on Emergency Medicine, Trauma Care and Disaster Preparedness in Rural Punjab",
    role: "Volunteer",
    hours: 3,
  },
  arabic: { personName: "فاطمة الزهراء", eventTitle: "ورشة الإسعافات الأولية", role: "Participant", hours: 1.5 },
  latin: { personName: "Zoë Ångström-Núñez", eventTitle: "Basic Life Support Workshop", role: null, hours: null },
  long: {
    personName: "Muhammad Abdur-Rahman Zain-ul-Abideen Chaudhry Al-Hashimi Bin Khalid Farooqui",
    eventTitle:
      "International Conference on Evidence-Based Paediatric and Neonatal Critical Care, Infectious Diseases, Immunisation Programmes and Community Health Outreach in Underserved Districts of Southern Punjab, With Hands-On Workshops",
    role: "Organiser",
    hours: 12.25,
  },
} satisfies Record<string, Pick<CertificateDrawing, "personName" | "eventTitle" | "role" | "hours">>;

async function main() {
  const [out, who = "urdu"] = process.argv.slice(2);
  if (!out || !(who in PEOPLE)) {
    console.error(`Usage: node --import tsx scripts/certificate-sample.ts <out.pdf> [${Object.keys(PEOPLE).join("|")}]`);
    process.exit(2);
  }
  const logo = fs.readFileSync(path.join(CONTENT_DIR, "photos", site.logo));
  const pdf = await drawCertificate({
    societyName: site.name,
    logo: { bytes: new Uint8Array(logo), type: /\.png$/i.test(site.logo) ? "png" : "jpeg" },
    ...PEOPLE[who as keyof typeof PEOPLE],
    eventDateText: "12 December 2026",
    signatory: { name: site.president.name, title: `${site.president.title}, ${site.name}`, signature: null },
    number: NUMBER,
    verifyUrl: `https://society.example/certificates/${NUMBER}`,
  });
  fs.writeFileSync(out, pdf);
  console.log(`Wrote ${out} (${pdf.length} bytes).`);
}

await main();
