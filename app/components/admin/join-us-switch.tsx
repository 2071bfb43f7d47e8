import { href, useFetcher } from "react-router";
import { Switch } from "#app/components/ui/switch.tsx";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import { useAnswerToasts } from "#app/components/admin/forms/answer-toasts.ts";
import { APPLICATIONS_DONE, APPLICATIONS_FAILED } from "#core/messages/applications.ts";

/**
 * SPEC 4, "Join visibility toggle": writes the inverse of the current value, then shows what the server
 * stored; disabled while the write runs.
 */
export function JoinUsSwitch({ visible }: { visible: boolean }) {
  // `visible` is the stored value: React Router reads the page's data again after the write.
  const fetcher = useFetcher<ActionAnswer>();
  const { announce } = useAnswerToasts(fetcher.data, {
    loading: APPLICATIONS_FAILED.togglingJoinUs,
    success: APPLICATIONS_DONE.joinUsToggled,
    failure: APPLICATIONS_FAILED.toggleJoinUs,
  });

  return (
    <div className="flex items-center gap-3">
      <Switch
        id="join-us-switch"
        checked={visible}
        disabled={fetcher.state !== "idle"}
        onCheckedChange={() => {
          announce();
          void fetcher.submit({ visible: String(!visible) }, { method: "post", action: href("/admin/join-us") });
        }}
      />
      <label htmlFor="join-us-switch" className="font-semibold text-slate-900">
        {`${visible ? "Hide" : "Show"} Join Us Form`}
      </label>
    </div>
  );
}
