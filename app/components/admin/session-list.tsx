import { href, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toasts";
import { type ActionAnswer, answerMessage } from "~/lib/answer-message";
import { useActionResult } from "~/lib/use-action-result";
import type { SessionSummary } from "../../../server/auth/auth-service";

function useSignOut(success: string) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionResult(fetcher.data, (answer) => {
    if (answer.ok) showToast.success(success);
    else showToast.error(answerMessage(answer) ?? "The sign-out failed. Please try again.");
  });
  return fetcher;
}

function SignOutButton({ session }: { session: SessionSummary }) {
  const fetcher = useSignOut("Signed out");
  return (
    <fetcher.Form method="post" action={href("/admin/security")}>
      <input type="hidden" name="intent" value="revoke-session" />
      <input type="hidden" name="id" value={session.id} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"} aria-label={`Sign out ${session.browser}`}>
        Sign out
      </Button>
    </fetcher.Form>
  );
}

/** Where a session signed in from: the network this page was asked from or another, by its code (never the address). */
function networkOf({ network }: SessionSummary): string {
  if (!network) return "an unknown network";
  return `${network.here ? "this network" : "another network"} (${network.code})`;
}

/** The admin's sessions: browser, network, last active; "Sign out" for each other one, and "Sign out everywhere else". */
export function SessionList({ sessions }: { sessions: SessionSummary[] }) {
  const others = useSignOut("Signed out everywhere else");
  const hasOthers = sessions.some((session) => !session.current);
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-brand-100" aria-label="Signed-in sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0" data-testid="session">
            <div>
              <p className="font-bold text-slate-900">
                {session.browser}
                {session.current && <span className="font-normal text-green-800"> (this browser)</span>}
              </p>
              <p className="text-sm text-slate-700">
                {`From ${networkOf(session)}. Signed in ${session.signedIn}; last active ${session.lastActive}.`}
              </p>
            </div>
            {!session.current && <SignOutButton session={session} />}
          </li>
        ))}
      </ul>
      {hasOthers && (
        <others.Form method="post" action={href("/admin/security")}>
          <input type="hidden" name="intent" value="revoke-other-sessions" />
          <Button type="submit" variant="outline" disabled={others.state !== "idle"}>
            Sign out everywhere else
          </Button>
        </others.Form>
      )}
    </div>
  );
}
