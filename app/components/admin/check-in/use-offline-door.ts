import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { OFFLINE_CHECK_INS_PER_POST } from "#core/schemas/registration.ts";
import type { OfflineDoorList } from "#server/services/registrations.ts";
import type { CheckInAnswer } from "#app/components/admin/check-in/check-in-answer.ts";
import {
  forgetList,
  forgetListsPast,
  forgetSent,
  type KeptDoorList,
  keepList,
  keptList,
  unsentCheckIns,
} from "#app/components/admin/check-in/offline-door.ts";

/** How often unsent check-ins are tried again while some wait, besides when the browser says it is back online. */
const RETRY_MS = 15_000;
/** How often the kept list is fetched again while online, to learn of other phones' check-ins. */
const REFRESH_MS = 2 * 60_000;

/**
 * The door's offline half: keeps the event's list on the phone (fetched from `listUrl` whenever the screen opens or
 * check-ins were sent), and sends the check-ins made without a connection once there is one, in turn. `offline` is
 * true from the browser's going offline or a check-in that could not reach the server, until the server is reached.
 */
export function useOfflineDoor(announcementId: string, listUrl: string, latest: CheckInAnswer | undefined) {
  const [kept, setKept] = useState<KeptDoorList>();
  const [unsent, setUnsent] = useState(0);
  const [browserOffline, setBrowserOffline] = useState(false);
  // The answer that was the latest when the server was last reached: an offline answer before it is history.
  const [reachedAfter, setReachedAfter] = useState<CheckInAnswer>();
  const latestAnswer = useRef(latest);
  const sync = useFetcher<CheckInAnswer>({ key: "check-in-sync" });
  const syncing = useRef({ fetcher: sync, batch: [] as string[] });
  useEffect(() => {
    syncing.current.fetcher = sync;
    latestAnswer.current = latest;
  });

  const reload = useCallback(
    () =>
      Promise.all([keptList(announcementId), unsentCheckIns(announcementId)]).then(([list, queue]) => {
        setKept(list);
        setUnsent(queue.length);
      }),
    [announcementId],
  );

  const refreshList = useCallback(async () => {
    const response = await fetch(listUrl, { headers: { Accept: "application/json" } }).catch(() => undefined);
    if (response?.status === 404) await forgetList(announcementId);
    if (response?.ok) {
      await keepList((await response.json()) as OfflineDoorList);
      // The camera's code too, so Scan tickets starts with no network: the list shows as ready once both are here.
      await import("#app/components/admin/check-in/ticket-scanner.tsx").then((scanner) => scanner.prepareDecoder()).catch(() => undefined);
      setReachedAfter(latestAnswer.current);
      setBrowserOffline(false);
    }
    await reload();
  }, [announcementId, listUrl, reload]);

  const sendUnsent = useCallback(async () => {
    const { fetcher, batch: inFlight } = syncing.current;
    if (fetcher.state !== "idle" || inFlight.length > 0) return;
    const batch = (await unsentCheckIns(announcementId)).slice(0, OFFLINE_CHECK_INS_PER_POST);
    if (batch.length === 0) return;
    syncing.current.batch = batch.map((checkIn) => checkIn.id);
    const checkIns = JSON.stringify(batch.map(({ registrationId, at }) => ({ registrationId, at })));
    void fetcher.submit({ intent: "sync", checkIns, door: announcementId }, { method: "post" });
  }, [announcementId]);

  useEffect(() => {
    void forgetListsPast().then(refreshList);
    const refresh = window.setInterval(() => navigator.onLine && void refreshList(), REFRESH_MS);
    return () => window.clearInterval(refresh);
  }, [refreshList]);

  // The server answered a batch (every check-in of it, whatever came of each): forget those, send the next.
  useEffect(() => {
    if (sync.state !== "idle" || syncing.current.batch.length === 0) return;
    const sent = sync.data?.synced ? syncing.current.batch : [];
    syncing.current.batch = [];
    if (sent.length === 0) return;
    void forgetSent(sent).then(async () => {
      await refreshList();
      await sendUnsent();
    });
  }, [sync.state, sync.data, refreshList, sendUnsent]);

  // Each check-in's answer: made without a connection (kept on the phone, or not sent), or the server's.
  useEffect(() => {
    if (latest?.offline) void reload();
  }, [latest, reload]);

  useEffect(() => {
    const backOnline = () => void refreshList().then(sendUnsent);
    const goneOffline = () => setBrowserOffline(true);
    window.addEventListener("online", backOnline);
    window.addEventListener("offline", goneOffline);
    const retry = unsent > 0 ? window.setInterval(() => navigator.onLine && void sendUnsent(), RETRY_MS) : undefined;
    if (unsent > 0 && navigator.onLine) void sendUnsent();
    return () => {
      window.removeEventListener("online", backOnline);
      window.removeEventListener("offline", goneOffline);
      window.clearInterval(retry);
    };
  }, [refreshList, sendUnsent, unsent]);

  const answeredOffline = latest?.offline === true && latest !== reachedAfter;
  return { kept, unsent, offline: browserOffline || answeredOffline };
}
