import { useRef } from "react";
import { href, useFetcher } from "react-router";
import { Switch } from "~/components/ui/switch";
import { showToast } from "~/components/ui/toasts";
import { type ActionAnswer, answerMessage } from "~/lib/answer-message";
import { useActionResult } from "~/lib/use-action-result";

/**
 * SPEC 4, "Join visibility toggle": writes the inverse of the current value, then shows what the server
 * stored; disabled while the write runs.
 */
export function JoinUsSwitch({ visible }: { visible: boolean }) {
  // `visible` is the stored value: React Router reads the page's data again after the write.
  const fetcher = useFetcher<ActionAnswer>();
  const toastId = useRef<string>(undefined);
  useActionResult(fetcher.data, (answer) => {
    if (answer.ok) showToast.success("Toggled successfully", { id: toastId.current });
    else showToast.error(answerMessage(answer) ?? "Failed to toggle", { id: toastId.current });
  });

  return (
    <div className="flex items-center gap-3">
      <Switch
        id="join-us-switch"
        checked={visible}
        disabled={fetcher.state !== "idle"}
        onCheckedChange={() => {
          toastId.current = showToast.loading("toggling...");
          void fetcher.submit({ visible: String(!visible) }, { method: "post", action: href("/admin/join-us") });
        }}
      />
      <label htmlFor="join-us-switch" className="font-semibold text-slate-900">
        {`${visible ? "Hide" : "Show"} Join Us Form`}
      </label>
    </div>
  );
}
