import { data } from "react-router";
import { SOCIAL_NETWORKS } from "#core/schemas/content-forms.ts";
import { ContentListScreen } from "#app/components/admin/content/content-list-screen.tsx";
import { LogoForm } from "#app/components/admin/content/logo-form.tsx";
import { AppScreenshotForm } from "#app/components/admin/content/app-screenshot-form.tsx";
import { APP_SCREENSHOT_FORM_FACTORS } from "#core/app-screenshots.ts";
import { PresidentForm } from "#app/components/admin/content/president-form.tsx";
import { SiteDetailsForm } from "#app/components/admin/content/site-details-form.tsx";
import { SocialLinkForm } from "#app/components/admin/content/social-link-form.tsx";
import { VideoForm } from "#app/components/admin/content/video-form.tsx";
import type { Route } from "./+types/home";
import { parseWithZod } from "@conform-to/zod/v4";
import { PHOTO_FORM_HANDLE } from "#core/route-handle.ts";
import { homeContentActionSchema } from "#core/schemas/content-actions.ts";
import { editAnswer, fileBytes, formAnswer, pageAction, photoEditAnswer, readForm } from "#app/lib/forms.server.ts";
import { CONTENT_DONE, CONTENT_REFUSED } from "#core/messages/content.ts";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [home, socialLinks] = await Promise.all([
    context.get(servicesContext).contentEditor.home(),
    context.get(servicesContext).contentEditor.socialLinks.list(),
  ]);
  if (!home) throw data(CONTENT_REFUSED.noContentYet, { status: 404 });
  return { ...home, socialLinks };
}

export const handle = PHOTO_FORM_HANDLE;

/**
 * The home screen's forms, each with the version it was read at: the site's details, the logo (with an optional new
 * picture), each screenshot for the install dialog (a new picture, or Remove), the president's card (with an optional new photo), taking the documentary video off the home page (the
 * dialog then says the video cannot be played), and a new social link or an edit of one.
 */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: homeContentActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["photo"] }), 400);
  const { contentEditor } = context.get(servicesContext);
  const actorId = context.get(adminContext).admin.id;
  const form = submission.value;
  switch (form.intent) {
    case "details":
      return editAnswer(submission, await contentEditor.saveDetails(form, actorId));
    case "logo":
      return photoEditAnswer(submission, await contentEditor.saveLogo(form, await fileBytes(form.photo), actorId));
    case "screenshot-narrow":
    case "screenshot-wide": {
      const formFactor = form.intent === "screenshot-narrow" ? "narrow" : "wide";
      return photoEditAnswer(submission, await contentEditor.saveAppScreenshot(formFactor, form, await fileBytes(form.photo), actorId));
    }
    case "president":
      return photoEditAnswer(submission, await contentEditor.savePresident(form, await fileBytes(form.photo), actorId));
    case "remove-video":
      return editAnswer(submission, await contentEditor.video.delete(form, actorId), CONTENT_DONE.videoRemoved);
    case "social-link":
      return editAnswer(submission, await contentEditor.socialLinks.save(form, actorId));
  }
});

export const meta = () => unlistedPageMeta("Home · Site content");

/** What a form shows of the stored item, without the version: its key. */
const storedKey = ({ version: _version, ...stored }: { version: number } & Record<string, unknown>) => JSON.stringify(stored);

export default function HomeContent({ loaderData }: Route.ComponentProps) {
  const { details, logo, appScreenshots, president, video, socialLinks } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-extrabold text-brand-900">Home</h1>
      <p className="mt-2 text-slate-700">The site&apos;s name and the texts and links of the home page.</p>
      {/* The texts, the logo, the screenshots, the president and the video are one stored item, saved by six forms. Each form starts again from
          what is stored once its own fields change there (not when another form's save raises the shared version,
          which reaches its hidden field without clearing what the admin is typing). */}
      <SiteDetailsForm key={storedKey(details)} details={details} />
      <h2 className="mt-12 text-2xl font-bold text-brand-900">Logo</h2>
      <p className="mt-1 text-slate-700">The society&apos;s logo in the top bar, and the site&apos;s icon.</p>
      <LogoForm key={storedKey({ ...logo, photo: logo.photo?.src })} logo={logo} />
      <h2 className="mt-12 text-2xl font-bold text-brand-900">Screenshots for installing</h2>
      <p className="mt-1 text-slate-700">Chrome shows these when someone installs the site on a phone or a computer. Both are optional.</p>
      {APP_SCREENSHOT_FORM_FACTORS.map((formFactor) => {
        const screenshot = appScreenshots[formFactor];
        return (
          <AppScreenshotForm
            key={`${formFactor} ${storedKey({ ...screenshot, photo: screenshot.photo?.src })}`}
            formFactor={formFactor}
            screenshot={screenshot}
          />
        );
      })}
      <h2 className="mt-12 text-2xl font-bold text-brand-900">President</h2>
      <p className="mt-1 text-slate-700">The president&apos;s card and message under “About Us”.</p>
      <PresidentForm key={storedKey({ ...president, photo: president.photo?.src })} president={president} />
      <h2 className="mt-12 text-2xl font-bold text-brand-900">Documentary video</h2>
      <p className="mt-1 text-slate-700">The film the home page&apos;s “How it&apos;s started” button plays.</p>
      <VideoForm video={video} />
      <div className="mt-12">
        <ContentListScreen
          heading="h2"
          title="Social links"
          intro="The icons beside the hero text and under “Contact Us”, in this order."
          addLabel="Add social link"
          editTitle="Edit social link"
          dialogDescription="The network, what screen readers say for its icon, and the link."
          form={(item, close) => <SocialLinkForm link={item} onSaved={close} />}
          items={socialLinks}
          itemName={(link) => link.label}
          list="social-links"
          kind="social link"
          empty="No social links yet: the home page shows none."
          render={(link) => (
            <>
              <p className="font-bold text-slate-900">
                {link.label} <span className="font-normal text-slate-700">({SOCIAL_NETWORKS[link.network]})</span>
              </p>
              <p className="mt-1 break-all text-slate-700">{link.url}</p>
            </>
          )}
        />
      </div>
    </>
  );
}
