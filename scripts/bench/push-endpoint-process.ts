/**
 * The push case's push service (tests/shared/push-endpoint.ts), forked by scripts/bench/push.ts into a process of its
 * own: decrypting 5,000 pushes must not hold the bench's event loop while it measures. Over IPC it sends
 * `{ url, certificate, subscriptions }` once listening with `process.argv[2]` subscriptions made; then, asked
 * `{ watch: n }`, `{ received }` every second and `{ done: <Date.now() when the n-th arrived>, received, distinct }`.
 */
import { startPushEndpoint } from "#tests/shared/push-endpoint.ts";

const count = Number(process.argv[2]);
const endpoint = await startPushEndpoint();
const subscriptions = Array.from({ length: count }, () => endpoint.subscribe());
process.send!({ url: endpoint.url, certificate: endpoint.certificate, subscriptions });

process.on("message", (message: { watch?: number }) => {
  const target = message.watch;
  if (target === undefined) return;
  let lastSaid = 0;
  // Every 20 ms: the time of the target's arrival is known to within that.
  const timer = setInterval(() => {
    const received = endpoint.received();
    if (received.length >= target) {
      clearInterval(timer);
      const distinct = new Set(received.map((push) => push.subscriptionId)).size;
      process.send!({ done: Date.now(), received: received.length, distinct });
    } else if (Date.now() - lastSaid > 1000) {
      lastSaid = Date.now();
      process.send!({ received: received.length });
    }
  }, 20);
});
process.on("disconnect", () => void endpoint.close().then(() => process.exit(0)));
