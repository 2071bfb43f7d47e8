import { ActionButton } from "#app/components/admin/forms/action-button.tsx";
import type { SessionSummary } from "#server/auth/auth-service.ts";
import { SECURITY_FAILED } from "#core/messages/security.ts";

/** Where a session signed in from: the network this page was asked from or another, by its code (never the address). */
function networkOf({ network }: SessionSummary): string {
  if (!network) return "an unknown network";
  return `${network.here ? "this network" : "another network"} (${network.code})`;
}

/** The admin's sessions: browser, network, last active; "Sign out" for each other one, and "Sign out everywhere else". */
export function SessionList({ sessions }: { sessions: SessionSummary[] }) {
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
            {!session.current && (
              <ActionButton
                intent="revoke-session"
                fields={{ id: session.id }}
                aria-label={`Sign out ${session.browser}`}
                toasts={{ failure: SECURITY_FAILED.signOut }}
              >
                Sign out
              </ActionButton>
            )}
          </li>
        ))}
      </ul>
      {hasOthers && (
        <ActionButton intent="revoke-other-sessions" size="md" className="self-start" toasts={{ failure: SECURITY_FAILED.signOut }}>
          Sign out everywhere else
        </ActionButton>
      )}
    </div>
  );
}
