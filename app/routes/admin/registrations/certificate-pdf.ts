import { data } from "react-router";
import { NOT_FOUND } from "#core/messages/common.ts";
import type { Route } from "./+types/certificate-pdf";
import { servicesContext } from "#app/context.ts";

/** A certificate's PDF, as it was mailed (revoked and replaced ones too, for the record). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const pdf = await context.get(servicesContext).certificates.pdf(params.certificateId, params.id);
  if (!pdf) throw data(NOT_FOUND, { status: 404 });
  return new Response(Buffer.from(pdf.content), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${pdf.filename}"` },
  });
}
