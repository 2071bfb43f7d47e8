import { href } from "react-router";

/** What a posted form brought back: the answer's status (0 when none came: the network failed) and its JSON body. */
export interface PostedAnswer {
  status: number;
  body: unknown;
}

/**
 * Posts a form (or a file's bytes) with XMLHttpRequest, which (unlike fetch) reports an upload's progress: `onProgress`
 * with the bytes sent of the whole body, then `onSent` once every byte is there and the server is at work. When the
 * admin's session has ended (401), the page goes to the login the answer names, which leads back here.
 */
export function postWithProgress(
  url: string,
  form: FormData | Blob,
  { onProgress, onSent }: { onProgress?: (sent: number, total: number) => void; onSent?: () => void } = {},
): Promise<PostedAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => onProgress?.(event.loaded, event.total);
    request.upload.onload = () => onSent?.();
    request.onerror = () => resolve({ status: 0, body: null });
    request.onload = () => {
      if (request.status === 401) window.location.assign(loginOf(request.response));
      resolve({ status: request.status, body: request.response });
    };
    request.send(form);
  });
}

/** The login a 401 answer names (see requireAdmin), or the plain one. */
function loginOf(answer: unknown): string {
  const login = typeof answer === "object" && answer !== null ? (answer as { login?: unknown }).login : undefined;
  const panel = href("/admin");
  return typeof login === "string" && (login === panel || login.startsWith(`${panel}?`)) ? login : `${panel}?ended=1`;
}
