import { z } from "zod";
import { PUSH_SUBSCRIPTION_MESSAGES } from "#core/messages/push.ts";

/** The longest endpoint taken: the browsers' push services give a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** RFC 8291: the browser's key is an uncompressed P-256 point, its authentication secret 16 bytes. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** A public host name: labels with a dot between, the last not a number (no IP address, no single-label intranet name). */
const PUBLIC_HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** The bytes of a base64url text (padding allowed), or undefined when it is not one. */
function base64urlBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * Where the site posts a subscription's pushes: a push service's https:// URL on its default port, with a public host
 * name, so that a made-up subscription cannot point the server at an address inside its own network. With `loopback`
 * (the site itself is not on https: a developer's machine, the tests) a push service on this machine is taken too.
 */
function endpointField(loopback: boolean) {
  return z
    .string({ error: PUSH_SUBSCRIPTION_MESSAGES.endpoint })
    .max(PUSH_ENDPOINT_MAX_LENGTH, PUSH_SUBSCRIPTION_MESSAGES.endpoint)
    .refine((endpoint) => {
      if (!URL.canParse(endpoint)) return false;
      const url = new URL(endpoint);
      if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return false;
      if (LOOPBACK_HOSTS.has(url.hostname)) return loopback;
      return url.port === "" && PUBLIC_HOST.test(url.hostname);
    }, PUSH_SUBSCRIPTION_MESSAGES.endpoint);
}

const keyField = (bytes: number, valid: (decoded: Uint8Array) => boolean = () => true) =>
  z
    .string({ error: PUSH_SUBSCRIPTION_MESSAGES.keys })
    .max(Math.ceil((bytes * 4) / 3) + 2, PUSH_SUBSCRIPTION_MESSAGES.keys)
    .refine((text) => {
      const decoded = base64urlBytes(text);
      return decoded?.length === bytes && valid(decoded);
    }, PUSH_SUBSCRIPTION_MESSAGES.keys);

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it, which the "Get notified" button posts (its
 * `expirationTime` and anything else is ignored): the endpoint and the two keys the messages are encrypted for.
 */
export function pushSubscriptionSchema({ loopback }: { loopback: boolean }) {
  return z.object(
    {
      endpoint: endpointField(loopback),
      keys: z.object(
        {
          p256dh: keyField(P256DH_BYTES, (point) => point[0] === 0x04),
          auth: keyField(AUTH_BYTES),
        },
        { error: PUSH_SUBSCRIPTION_MESSAGES.keys },
      ),
    },
    { error: PUSH_SUBSCRIPTION_MESSAGES.endpoint },
  );
}

/** An endpoint to unsubscribe: any text of an endpoint's length (one not stored unsubscribes nothing). */
export const pushEndpointSchema = z.string().min(1).max(PUSH_ENDPOINT_MAX_LENGTH);
