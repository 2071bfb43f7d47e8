/** The answer of an admin endpoint (app/lib/admin-api.server.ts), or of a network failure (status 0). */
export interface AdminApiResult {
  ok: boolean;
  status: number;
  error?: string;
  errors?: Record<string, string>;
  body: Record<string, unknown>;
}

/** Posts a form to an admin endpoint; never throws. */
export async function postForm(url: string, fields: FormData | Record<string, string>): Promise<AdminApiResult> {
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
  try {
    const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
    const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return {
      ok: response.ok && parsed.ok === true,
      status: response.status,
      error: typeof parsed.error === "string" ? parsed.error : undefined,
      errors: typeof parsed.errors === "object" && parsed.errors !== null ? (parsed.errors as Record<string, string>) : undefined,
      body: parsed,
    };
  } catch {
    return { ok: false, status: 0, body: {} };
  }
}
