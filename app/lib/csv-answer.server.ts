/** A spreadsheet export as the browser saves it: its name, no caching (the admin area is never cached). */
export function csvAnswer({ body, fileName }: { body: ReadableStream<Uint8Array>; fileName: string }): Response {
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"` },
  });
}
