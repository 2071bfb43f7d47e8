import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { localizedPath } from "#core/i18n/locale.ts";

/** Back to the previous page; to `fallback` (the home page, in the page's language) when this page was opened directly. */
export function BackButton({ fallback = "/" }: { fallback?: string }) {
  const navigate = useNavigate();
  const { nav } = useMessages();
  const locale = useLocale();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        const canGoBack = typeof window !== "undefined" && (window.history.state as { idx?: number } | null)?.idx;
        if (canGoBack) void navigate(-1);
        else void navigate(localizedPath(fallback, locale));
      }}
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      {nav.back}
    </Button>
  );
}
