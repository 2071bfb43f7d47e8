import https from "node:https";
import { describe, expect, onTestFinished, test } from "vitest";
import webPush from "web-push";
import { type PushEndpoint, type PushEndpointOptions, type PushSubscriptionJson, startPushEndpoint } from "#tests/shared/push-endpoint.ts";

// The push service the browser and service tests stand up: it must take exactly what `web-push` sends, and refuse what a
// browser's push service would refuse, or those tests would pass against a sender that fails in production.

const SUBJECT = "mailto:committee@example.org";
const ANNOUNCEMENT = "نیا اعلان 🎉";

async function pushEndpoint(options?: PushEndpointOptions): Promise<PushEndpoint> {
  const endpoint = await startPushEndpoint(options);
  onTestFinished(() => endpoint.close());
  return endpoint;
}

function sender(endpoint: PushEndpoint, keys = webPush.generateVAPIDKeys()) {
  const options = { vapidDetails: { subject: SUBJECT, ...keys }, TTL: 60, agent: endpoint.agent };
  return {
    keys,
    send: (subscription: PushSubscriptionJson, payload: string) => webPush.sendNotification(subscription, payload, options),
    request: (subscription: PushSubscriptionJson, payload: string) => webPush.generateRequestDetails(subscription, payload, options),
  };
}

/** A raw post, for what `web-push` would never send; answers the status. */
function post(endpoint: PushEndpoint, url: string, headers: Record<string, string>, body: Buffer | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: "POST", headers, agent: endpoint.agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode!));
    });
    request.on("error", reject);
    request.end(body ?? undefined);
  });
}

describe("the tests' push endpoint", () => {
  test("a message in Urdu with an emoji arrives decrypted and intact", async () => {
    const endpoint = await pushEndpoint();
    const subscription = endpoint.subscribe();
    const { keys, send } = sender(endpoint);

    await expect(send(subscription, ANNOUNCEMENT)).resolves.toMatchObject({ statusCode: 201 });

    expect(await endpoint.waitFor(1)).toEqual([
      {
        subscriptionId: subscription.endpoint.split("/").at(-1),
        endpoint: subscription.endpoint,
        body: ANNOUNCEMENT,
        ttl: 60,
        urgency: "normal",
        vapidSubject: SUBJECT,
        vapidPublicKey: keys.publicKey,
        audience: endpoint.url,
      },
    ]);
  });

  test("a subscription answered 410 makes sendNotification fail with status 410 and records nothing", async () => {
    const endpoint = await pushEndpoint();
    const subscription = endpoint.subscribe();
    const { send } = sender(endpoint);
    endpoint.answer(subscription.endpoint, 410, 1);

    const error = await send(subscription, ANNOUNCEMENT).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(webPush.WebPushError);
    expect(error).toMatchObject({ statusCode: 410 });
    expect(endpoint.received()).toEqual([]);
    await send(subscription, ANNOUNCEMENT);
    expect(endpoint.received()).toHaveLength(1);
  });

  test("a token signed with another VAPID key than the server's is refused with 403", async () => {
    const serverKeys = webPush.generateVAPIDKeys();
    const endpoint = await pushEndpoint({ vapidPublicKey: serverKeys.publicKey });
    const subscription = endpoint.subscribe();

    await expect(sender(endpoint).send(subscription, ANNOUNCEMENT)).rejects.toMatchObject({ statusCode: 403 });
    await expect(sender(endpoint, serverKeys).send(subscription, ANNOUNCEMENT)).resolves.toMatchObject({ statusCode: 201 });
    expect(endpoint.received().map((push) => push.vapidPublicKey)).toEqual([serverKeys.publicKey]);
  });

  test("a post without VAPID, without TTL or in another encoding is refused", async () => {
    const endpoint = await pushEndpoint();
    const subscription = endpoint.subscribe();
    const { headers, body } = sender(endpoint).request(subscription, ANNOUNCEMENT);
    const { Authorization: _, ...withoutVapid } = headers;
    const { TTL: __, ...withoutTtl } = headers;

    expect(await post(endpoint, subscription.endpoint, withoutVapid, body)).toBe(400);
    expect(await post(endpoint, subscription.endpoint, withoutTtl, body)).toBe(400);
    expect(await post(endpoint, subscription.endpoint, { ...headers, "Content-Encoding": "aesgcm" }, body)).toBe(415);
    expect(endpoint.received()).toEqual([]);
    expect(await post(endpoint, subscription.endpoint, headers, body)).toBe(201);
  });

  test("each subscription has its own keys: a message for one does not decrypt as another's", async () => {
    const endpoint = await pushEndpoint();
    const first = endpoint.subscribe();
    const second = endpoint.subscribe();
    expect(second.keys.p256dh).not.toBe(first.keys.p256dh);
    expect(second.keys.auth).not.toBe(first.keys.auth);
    const { headers, body } = sender(endpoint).request(first, ANNOUNCEMENT);

    expect(await post(endpoint, second.endpoint, headers, body)).toBe(400);
    expect(endpoint.received()).toEqual([]);
    expect(await post(endpoint, first.endpoint, headers, body)).toBe(201);
    expect(endpoint.received().map((push) => push.endpoint)).toEqual([first.endpoint]);
  });
});
