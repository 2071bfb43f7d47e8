import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** Back to the previous page; to `fallback` (the home page) when this page was opened directly. */
export function BackButton({ fallback = "/" }: { fallback?: string }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        const canGoBack = typeof window !== "undefined" && (window.history.state as { idx?: number } | null)?.idx;
        if (canGoBack) void navigate(-1);
        else void navigate(fallback);
      }}
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      Back
    </Button>
  );
}
