import { useState } from "react";
import { useRevalidator } from "react-router";
import { Switch } from "~/components/ui/switch";
import { showToast } from "~/components/ui/toasts";
import { postForm } from "./post-form";

/**
 * SPEC 4, "Join visibility toggle": writes the inverse of the current value, then shows what the server
 * stored; disabled while the write runs.
 */
export function JoinUsSwitch({ visible: initial }: { visible: boolean }) {
  const [visible, setVisible] = useState(initial);
  const [updating, setUpdating] = useState(false);
  const revalidator = useRevalidator();

  const toggle = async () => {
    setUpdating(true);
    const id = showToast.loading("toggling...");
    const result = await postForm("/admin/join-us", { visible: String(!visible) });
    if (result.ok && typeof result.body.joinUsVisible === "boolean") {
      setVisible(result.body.joinUsVisible);
      showToast.success("Toggled successfully", { id });
      void revalidator.revalidate();
    } else {
      showToast.error("Failed to toggle", { id });
    }
    setUpdating(false);
  };

  return (
    <div className="flex items-center gap-3">
      <Switch id="join-us-switch" checked={visible} disabled={updating} onCheckedChange={() => void toggle()} />
      <label htmlFor="join-us-switch" className="font-semibold text-slate-900">
        {`${visible ? "Hide" : "Show"} Join Us Form`}
      </label>
    </div>
  );
}
