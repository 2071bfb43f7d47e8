import { Copy } from "lucide-react";
import { showToast } from "#app/components/ui/toasts.ts";
import { Button } from "#app/components/ui/button.tsx";
import { WHATSAPP_PREVIEW_MESSAGES } from "#core/messages/announcement-form.ts";
import { type WhatsAppMessageParts, whatsAppMessage, withLink } from "#core/whatsapp.ts";

/**
 * The message Share on WhatsApp writes for this announcement, as it stands in the form, and Copy for WhatsApp, to paste
 * it into the society's groups. `url` undefined: a new announcement, whose page has no address until it is saved.
 */
export function WhatsAppPreview({ message, url }: { message: WhatsAppMessageParts; url: string | undefined }) {
  const text = withLink(whatsAppMessage(message), url ?? WHATSAPP_PREVIEW_MESSAGES.linkOnceSaved);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast.success(WHATSAPP_PREVIEW_MESSAGES.copied);
    } catch {
      showToast.error(WHATSAPP_PREVIEW_MESSAGES.notCopied);
    }
  };
  return (
    <section aria-labelledby="whatsapp-preview" className="flex flex-col gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3">
      <h3 id="whatsapp-preview" className="font-semibold text-slate-900">
        Message for WhatsApp
      </h3>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="whatsapp-message">
        {text}
      </p>
      <Button type="button" variant="outline" size="sm" className="self-start" disabled={!url} onClick={() => void copy()}>
        <Copy className="size-4" aria-hidden />
        Copy for WhatsApp
      </Button>
    </section>
  );
}
