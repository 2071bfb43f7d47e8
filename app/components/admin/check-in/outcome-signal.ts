import type { CheckInResult } from "#server/services/registrations.ts";

/** Each outcome's tones (frequency in Hz, seconds): rising for admitted, one for seen before, low and long for refused. */
const TONES: Record<CheckInResult["outcome"], [number, number][]> = {
  "checked-in": [
    [880, 0.1],
    [1320, 0.12],
  ],
  already: [[660, 0.25]],
  waiting: [[200, 0.5]],
  "not-for-event": [[200, 0.5]],
};

/** Each outcome's vibration, for a phone on silent (milliseconds on, off, on…). */
const BUZZES: Record<CheckInResult["outcome"], number[]> = {
  "checked-in": [60],
  already: [60, 80, 60],
  waiting: [400],
  "not-for-event": [400],
};

let audio: AudioContext | undefined;

/** Readies the sound: browsers play it only once a person has pressed something, so this runs in that press. */
export function readySound(): void {
  audio ??= new AudioContext();
  void audio.resume();
}

/** Tells the person at the door what a scan came to without looking: a vibration, and tones once the sound is ready. */
export function signalOutcome(outcome: CheckInResult["outcome"]): void {
  navigator.vibrate?.(BUZZES[outcome]);
  if (!audio) return;
  let at = audio.currentTime;
  for (const [frequency, seconds] of TONES[outcome]) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.value = 0.2;
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + seconds);
    at += seconds + 0.05;
  }
}
