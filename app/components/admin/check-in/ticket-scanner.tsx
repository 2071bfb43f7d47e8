import QrScanner from "qr-scanner";
import { useEffect, useRef, useState } from "react";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import { FormMessage } from "#app/components/ui/field.tsx";

/** Loads the decoder (its worker's code) ahead of use, so Scan tickets starts with no network. */
export async function prepareDecoder(): Promise<void> {
  const engine = await QrScanner.createQrEngine();
  if (engine instanceof Worker) engine.terminate();
}

/**
 * The camera, reading QR codes: the back camera of a phone, with the browser's own BarcodeDetector where it has one,
 * else qr-scanner's decoder in a worker. `onScan` gets each code's text, as often as the camera sees it. Loaded on
 * demand: only the check-in screen's Scan tickets brings this and qr-scanner in.
 */
export default function TicketScanner({ onScan }: { onScan(text: string): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onScan);
  const [noCamera, setNoCamera] = useState(false);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    if (!video.current) return;
    const scanner = new QrScanner(video.current, (result) => latest.current(result.data), {
      preferredCamera: "environment",
      // Five reads a second find a ticket held up at once; more would take the phone's time from showing the answer.
      maxScansPerSecond: 5,
      returnDetailedScanResult: true,
      onDecodeError: () => undefined,
    });
    scanner.start().catch(() => setNoCamera(true));
    return () => scanner.destroy();
  }, []);
  return (
    <div className="mt-4 flex flex-col gap-2">
      {noCamera && <FormMessage>{CHECK_IN_MESSAGES.noCamera}</FormMessage>}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera"
        className="aspect-square w-full max-w-sm rounded-xl bg-slate-900 object-cover"
      />
    </div>
  );
}
