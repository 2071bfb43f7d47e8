import { execFileSync } from "node:child_process";
import fs from "node:fs";
import sharp from "sharp";
import { expect, test } from "./fixtures";

/**
 * Certificates of attendance, from the Owner's signatory to a recruiter's check: issued on the registrations screen to
 * those checked in, mailed with the PDF, verified by the address its QR code carries, revoked. What issuing refuses and
 * how numbers read are server/services/certificates.test.ts's; what the PDF holds, server/certificates/pdf.test.ts's.
 */
/** The top three quarters of a certificate's page (A4 landscape), drawn by poppler at 50 dpi, as PNG bytes. */
async function renderedTop(pdf: Buffer, file: string): Promise<Buffer> {
  fs.writeFileSync(`${file}.pdf`, pdf);
  execFileSync("pdftoppm", ["-png", "-r", "50", "-singlefile", "-x", "0", "-y", "0", "-W", "585", "-H", "300", `${file}.pdf`, file]);
  return fs.readFileSync(`${file}.png`);
}

test("an Owner sets the signatory; after the event, certificates go to those checked in (the PDF as printed), and the link in the mail verifies one until it is revoked", async ({
  page,
  seed,
  signInAsAdmin,
  mailbox,
}, testInfo) => {
  await signInAsAdmin();
  await page.goto("/admin/certificates");
  await page.getByLabel("Name").fill("Dr Hina Shah");
  await page.getByLabel("Title").fill("President");
  // A phone's photo of a signature: over a form's size, within the signature's 2 MB. What is printed of it is
  // server/services/certificates.test.ts's to check.
  const noise = { type: "gaussian", mean: 128, sigma: 60 } as const;
  const photo = await sharp({ create: { width: 1000, height: 400, channels: 3, background: "#ffffff", noise } })
    .png()
    .toBuffer();
  expect(photo.length).toBeGreaterThan(1024 * 1024);
  await page.getByLabel("Signature image (optional)").setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Certificate signatory saved")).toBeVisible();
  await expect(page.getByLabel("Print no signature image")).toBeVisible();

  const camp = await seed.announcement({
    title: "Basic life support workshop",
    description: "Hands-on CPR training.",
    registration: { capacity: 20, questions: [] },
    event: { startsAt: new Date("2026-11-20T05:00:00Z"), endsAt: new Date("2026-11-20T08:00:00Z") },
    withImage: false,
  });
  await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered", checkedIn: true });
  await seed.registration(camp.id, { name: "Bilal Ahmed", status: "registered" });
  await page.goto(`/admin/announcements/${camp.id}/registrations`);
  const section = page.getByRole("region", { name: "Certificates" });
  await section.getByLabel("Role printed").selectOption("Volunteer");
  await section.getByLabel("Hours (optional)").fill("3");
  await section.getByRole("button", { name: "Issue certificates" }).click();
  await expect(page.getByText("1 certificate issued: their mails are on their way.")).toBeVisible();
  await expect(section.getByTestId("certificate-mails")).toHaveText("1 of 1 certificate mails sent.", { timeout: 15_000 });
  await expect(section.getByRole("list", { name: "Certificates issued" }).getByRole("listitem")).toHaveText([/^Ayesha Khan · Valid/]);

  // The certificate as printed: its upper part (the number and QR code below it differ each time) as poppler draws it,
  // the same pixels every time on the same poppler (one word of the role changed differs in some 80). After a change
  // to the layout, look at the new picture and keep it: `npx playwright test certificates --update-snapshots`.
  const pdf = await page.request.get((await section.getByRole("link", { name: /^PDF/ }).getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(await renderedTop(await pdf.body(), testInfo.outputPath("certificate"))).toMatchSnapshot("certificate-top.png", {
    maxDiffPixels: 10,
  });

  const mail = await mailbox.waitFor("Your certificate of attendance is attached");
  expect(mail.envelopeTo).toEqual(["ayesha.khan@example.org"]);
  expect(mail.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
    { filename: expect.stringMatching(/^certificate-[0-9A-Z-]{34}\.pdf$/), contentType: expect.stringMatching(/^application\/pdf;/) },
  ]);
  const link = /https?:\/\/\S+\/certificates\/[0-9A-Z-]{34}/.exec(mail.text)![0];

  // The address the QR code carries: anyone may open it, and it says no more than what the certificate certifies.
  const recruiter = await page.context().browser()!.newPage();
  const verdict = recruiter.getByRole("status").filter({ hasText: "certificate" });
  try {
    const verify = new URL(link);
    await recruiter.goto(verify.pathname);
    await expect(verdict).toHaveText("This certificate is genuine and valid.");
    await expect(recruiter.getByTestId("certificate-name")).toHaveText("Ayesha Khan");
    await expect(recruiter.getByText("Basic life support workshop")).toBeVisible();
    await expect(recruiter.getByText("Volunteer")).toBeVisible();
    await expect(recruiter.getByText("ayesha.khan@example.org")).toHaveCount(0);

    await section.getByRole("button", { name: "Revoke Ayesha Khan's certificate" }).click();
    await page.getByRole("alertdialog", { name: "Revoke Ayesha Khan's certificate?" }).getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("Certificate revoked")).toBeVisible();
    await recruiter.reload();
    await expect(verdict).toHaveText("This certificate was revoked by the society: it is no longer valid.");
  } finally {
    await recruiter.close();
  }
});
