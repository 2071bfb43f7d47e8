import { BadgeCheck, CircleX } from "lucide-react";
import { data } from "react-router";
import { CERTIFICATE_MESSAGES } from "#core/messages/certificates.ts";
import { NarrowPage } from "#app/components/site/narrow-page.tsx";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/certificate";
import { servicesContext } from "#app/context.ts";

/**
 * GET /certificates/<number>, where a certificate's QR code leads: whether it is genuine and valid, revoked or replaced,
 * and only what it certifies (name, event, date, role). 404 for a number no certificate has. Never indexed; it lists
 * nothing else.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const certificate = await context.get(servicesContext).certificates.verify(params.number);
  if (!certificate) return data({ certificate: null }, { status: 404 });
  return { certificate };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  unlistedPageMeta(loaderData?.certificate ? "Certificate check" : "Certificate not found");

/** Revoking shows at once: no cache keeps the answer. Search engines are told to leave it out, headers and all. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" });

export default function CertificatePage({ loaderData: { certificate } }: Route.ComponentProps) {
  if (!certificate) return <NarrowPage title="Certificate not found" text={CERTIFICATE_MESSAGES.page.notFound} />;
  const valid = certificate.status === "valid";
  const Icon = valid ? BadgeCheck : CircleX;
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-8">
      <h1 className="text-3xl font-extrabold text-brand-900">Certificate check</h1>
      <p
        role="status"
        data-status={certificate.status}
        className={`flex items-center gap-3 rounded-xl border-2 p-4 text-lg font-bold ${
          valid ? "border-green-700 bg-green-50 text-green-900" : "border-red-700 bg-red-50 text-red-900"
        }`}
      >
        <Icon className="size-8 shrink-0" aria-hidden />
        {CERTIFICATE_MESSAGES.page[certificate.status]}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-sm">
        <dt className="font-semibold">Name</dt>
        <dd className="break-words" data-testid="certificate-name">
          {certificate.name}
        </dd>
        <dt className="font-semibold">Event</dt>
        <dd className="break-words">{certificate.eventTitle}</dd>
        <dt className="font-semibold">Date</dt>
        <dd>{certificate.dateText}</dd>
        {certificate.role && (
          <>
            <dt className="font-semibold">Role</dt>
            <dd>{certificate.role}</dd>
          </>
        )}
        <dt className="font-semibold">Number</dt>
        <dd className="font-mono text-sm break-all">{certificate.number}</dd>
      </dl>
    </main>
  );
}
