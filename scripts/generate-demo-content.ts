/**
 * Generates the DEMO images (and, when ffmpeg is installed, the demo documentary video) that
 * content/site.ts refers to, so the website runs out of the box.
 *
 *   node --import tsx scripts/generate-demo-content.ts           # only writes files that do not exist yet
 *   node --import tsx scripts/generate-demo-content.ts --force   # redraws every demo file
 *
 * Every picture is drawn from SVG built in code and rendered with sharp: no photos of real people,
 * nothing fetched from the network. A seeded PRNG (seeded from each file's path) makes the output
 * identical on every run. Without --force, files that already exist are left alone, so the society's
 * own photos (dropped in at the same paths) are never overwritten by placeholders. Nothing is deleted.
 *
 * Which files to draw comes from content/site.ts: every photo it references gets a placeholder,
 * chosen by folder (events/, activities/, explore/, team/, collaborators/, resources/).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { site } from "../content/site";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONTENT_DIR = path.join(ROOT, "content");
const PHOTOS_DIR = path.join(CONTENT_DIR, "photos");

const FORCE = process.argv.includes("--force");

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

type Rng = {
  /** A float in [0, 1). */
  next(): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
};

function hashString(s: string): number {
  // FNV-1a, 32 bit
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function makeRng(seed: string): Rng {
  // mulberry32
  let a = hashString(seed);
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, maxInclusive) => Math.floor(min + (maxInclusive - min + 1) * next()),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick() from an empty list");
      return item;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SVG helpers

/** Round to one decimal so the SVG text is short and stable. */
const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s));
  const lig = Math.max(0, Math.min(100, l));
  return `hsl(${r1(hue)},${r1(sat)}%,${r1(lig)}%)`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function svgDoc(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function linearGradient(id: string, stops: readonly (readonly [number, string])[], vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  const s = stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("");
  return `<linearGradient id="${id}" ${dir}>${s}</linearGradient>`;
}

function radialGlow(id: string, color: string, opacity = 0.55): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** A closed path along a wavy ridge line from x=0 to x=width, filled down to `bottom`. */
function ridge(rng: Rng, width: number, baseY: number, amplitude: number, bottom: number, jagged: boolean): string {
  const waves = [0, 1, 2].map(() => ({
    freq: rng.range(0.6, 3.2) / width,
    phase: rng.range(0, Math.PI * 2),
    amp: rng.range(0.3, 1) * amplitude,
  }));
  const steps = jagged ? 28 : 16;
  const pts: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = (width * i) / steps;
    let y = baseY;
    for (const w of waves) y -= Math.sin(x * w.freq * Math.PI * 2 + w.phase) * w.amp * 0.5;
    if (jagged) y += rng.range(-amplitude, amplitude) * 0.25;
    pts.push(`${r1(x)},${r1(y)}`);
  }
  if (jagged) return `M0,${r1(bottom)} L${pts.join(" L")} L${width},${r1(bottom)} Z`;
  // Smooth: quadratic curves through midpoints.
  const coords = pts.map((p) => p.split(",").map(Number) as [number, number]);
  let d = `M0,${r1(bottom)} L${pts[0]}`;
  for (let i = 1; i < coords.length - 1; i++) {
    const c = coords[i];
    const n = coords[i + 1];
    if (!c || !n) continue;
    d += ` Q${r1(c[0])},${r1(c[1])} ${r1((c[0] + n[0]) / 2)},${r1((c[1] + n[1]) / 2)}`;
  }
  d += ` L${pts[pts.length - 1]} L${width},${r1(bottom)} Z`;
  return d;
}

function crescentPath(cx: number, cy: number, radius: number, angleDeg = -30): string {
  // Outer circle arc minus an offset inner circle arc: drawn as one path with two arcs.
  const offset = radius * 0.42;
  const a = (angleDeg * Math.PI) / 180;
  const ox = cx + Math.cos(a) * offset;
  const oy = cy + Math.sin(a) * offset;
  const inner = radius * 0.86;
  // Intersection points of the two circles.
  const d = offset;
  const l = (radius * radius - inner * inner + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(0, radius * radius - l * l));
  const ux = (ox - cx) / d;
  const uy = (oy - cy) / d;
  const px = cx + ux * l;
  const py = cy + uy * l;
  const p1 = [px - uy * h, py + ux * h] as const;
  const p2 = [px + uy * h, py - ux * h] as const;
  return (
    `M${r1(p1[0])},${r1(p1[1])} A${r1(radius)},${r1(radius)} 0 1 1 ${r1(p2[0])},${r1(p2[1])} ` +
    `A${r1(inner)},${r1(inner)} 0 1 0 ${r1(p1[0])},${r1(p1[1])} Z`
  );
}

function starPolygon(cx: number, cy: number, outer: number, inner: number, points: number, rotationDeg = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rad = i % 2 === 0 ? outer : inner;
    const a = ((rotationDeg + (i * 180) / points) * Math.PI) / 180;
    pts.push(`${r1(cx + Math.cos(a) * rad)},${r1(cy + Math.sin(a) * rad)}`);
  }
  return pts.join(" ");
}

function caption(text: string, width: number, height: number, fontSize: number): string {
  const padX = fontSize * 0.6;
  const boxW = text.length * fontSize * 0.62 + padX * 2;
  const boxH = fontSize * 1.7;
  const x = fontSize * 0.9;
  const y = height - boxH - fontSize * 0.9;
  return (
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(boxW)}" height="${r1(boxH)}" rx="${r1(boxH / 2)}" fill="#000" fill-opacity="0.42"/>` +
    `<text x="${r1(x + padX)}" y="${r1(y + boxH * 0.67)}" font-family="${FONT}" font-size="${fontSize}" fill="#fff" fill-opacity="0.92">${escapeXml(text)}</text>`
  );
}

// ---------------------------------------------------------------------------------------------
// Landscape "photo-like" scenes for the galleries (1600x1067)

type Mood = "dawn" | "day" | "dusk" | "night";
type SceneKind = "landscape" | "campus" | "gathering" | "night";

type Palette = {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  mid: string;
  near: string;
  building: string;
  window: string;
  accent: string;
  crowd: readonly string[];
};

function makePalette(hue: number, mood: Mood, rng: Rng): Palette {
  const j = (n: number): number => n + rng.range(-6, 6);
  switch (mood) {
    case "dawn":
      return {
        skyTop: hsl(210 + (hue % 40), 45, j(38)),
        skyBottom: hsl(15 + (hue % 30), 85, j(78)),
        sun: hsl(35 + (hue % 20), 95, 84),
        far: hsl(hue + 230, 25, j(55)),
        mid: hsl(hue + 150, 30, j(38)),
        near: hsl(hue + 130, 35, j(24)),
        building: hsl(hue + 210, 18, j(34)),
        window: hsl(45, 90, 80),
        accent: hsl(hue, 70, 55),
        crowd: [hsl(hue + 200, 30, 22), hsl(hue + 10, 40, 30), hsl(hue + 120, 25, 26), hsl(0, 0, 18)],
      };
    case "day":
      return {
        skyTop: hsl(205 + hue / 12, 70, j(52)),
        skyBottom: hsl(195 + hue / 12, 60, j(85)),
        sun: hsl(50, 100, 90),
        far: hsl(hue + 200, 25, j(70)),
        mid: hsl(hue / 4 + 90, 40, j(48)),
        near: hsl(hue / 4 + 100, 45, j(32)),
        building: hsl(hue + 20, 20, j(72)),
        window: hsl(205, 40, 45),
        accent: hsl(hue, 75, 50),
        crowd: [hsl(hue + 200, 35, 28), hsl(hue, 45, 38), hsl(hue + 90, 25, 30), hsl(0, 0, 22)],
      };
    case "dusk":
      return {
        skyTop: hsl(245 + (hue % 50), 50, j(28)),
        skyBottom: hsl(10 + (hue % 35), 80, j(66)),
        sun: hsl(25 + (hue % 20), 95, 72),
        far: hsl(hue + 280, 30, j(40)),
        mid: hsl(hue + 290, 30, j(26)),
        near: hsl(hue + 300, 35, j(14)),
        building: hsl(hue + 270, 25, j(20)),
        window: hsl(42, 95, 68),
        accent: hsl(hue + 10, 80, 58),
        crowd: [hsl(hue + 270, 30, 14), hsl(hue + 300, 25, 18), hsl(0, 0, 10)],
      };
    case "night":
      return {
        skyTop: hsl(200 + (hue % 90), 55, j(9)),
        skyBottom: hsl(215 + (hue % 90), 45, j(26)),
        sun: hsl(50, 80, 90),
        far: hsl(hue + 235, 30, j(20)),
        mid: hsl(hue + 240, 30, j(14)),
        near: hsl(hue + 250, 30, j(8)),
        building: hsl(hue + 230, 25, j(14)),
        window: hsl(40, 95, 65),
        accent: hsl(hue + 30, 90, 60),
        crowd: [hsl(hue + 240, 25, 10), hsl(hue + 200, 20, 14), hsl(0, 0, 8)],
      };
  }
}

function skyAndSun(p: Palette, rng: Rng, w: number, h: number, mood: Mood): string {
  let s = `<defs>${linearGradient("sky", [
    [0, p.skyTop],
    [1, p.skyBottom],
  ])}${radialGlow("glow", p.sun, mood === "night" ? 0.35 : 0.6)}</defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  const sx = rng.range(w * 0.12, w * 0.88);
  const sy = rng.range(h * 0.14, h * 0.42);
  const sr = rng.range(55, 95);
  if (mood === "night") {
    for (let i = 0; i < 70; i++) {
      s += `<circle cx="${r1(rng.range(0, w))}" cy="${r1(rng.range(0, h * 0.55))}" r="${r1(rng.range(1, 3))}" fill="#fff" fill-opacity="${r1(rng.range(0.3, 0.9))}"/>`;
    }
    s += `<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(sr * 3)}" fill="url(#glow)"/>`;
    s += `<path d="${crescentPath(sx, sy, sr * 0.8, rng.range(-60, 20))}" fill="${p.sun}"/>`;
  } else {
    s += `<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(sr * 4)}" fill="url(#glow)"/>`;
    s += `<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(sr)}" fill="${p.sun}"/>`;
    const clouds = rng.int(2, 5);
    for (let i = 0; i < clouds; i++) {
      const cx = rng.range(0, w);
      const cy = rng.range(h * 0.08, h * 0.35);
      const cw = rng.range(120, 260);
      s += `<g fill="#fff" fill-opacity="${r1(rng.range(0.35, 0.7))}">`;
      s += `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(cw)}" ry="${r1(cw * 0.16)}"/>`;
      s += `<ellipse cx="${r1(cx - cw * 0.3)}" cy="${r1(cy - cw * 0.1)}" rx="${r1(cw * 0.42)}" ry="${r1(cw * 0.2)}"/>`;
      s += `<ellipse cx="${r1(cx + cw * 0.2)}" cy="${r1(cy - cw * 0.14)}" rx="${r1(cw * 0.38)}" ry="${r1(cw * 0.24)}"/>`;
      s += `</g>`;
    }
  }
  return s;
}

function trees(rng: Rng, count: number, xMin: number, xMax: number, yBase: number, scale: number, color: string): string {
  let s = `<g fill="${color}">`;
  for (let i = 0; i < count; i++) {
    const x = rng.range(xMin, xMax);
    const y = yBase + rng.range(-10, 10) * scale;
    const t = rng.range(0.7, 1.3) * scale;
    if (rng.next() < 0.5) {
      // conifer
      s += `<polygon points="${r1(x)},${r1(y - 120 * t)} ${r1(x - 34 * t)},${r1(y)} ${r1(x + 34 * t)},${r1(y)}"/>`;
    } else {
      // round tree
      s += `<rect x="${r1(x - 5 * t)}" y="${r1(y - 50 * t)}" width="${r1(10 * t)}" height="${r1(50 * t)}"/>`;
      s += `<circle cx="${r1(x)}" cy="${r1(y - 70 * t)}" r="${r1(38 * t)}"/>`;
    }
  }
  return s + `</g>`;
}

function landscapeScene(rng: Rng, p: Palette, w: number, h: number, mood: Mood): string {
  let s = skyAndSun(p, rng, w, h, mood);
  s += `<path d="${ridge(rng, w, h * 0.55, 220, h, true)}" fill="${p.far}"/>`;
  s += `<path d="${ridge(rng, w, h * 0.68, 120, h, false)}" fill="${p.mid}"/>`;
  s += trees(rng, rng.int(4, 9), 0, w, h * 0.76, 0.9, p.near);
  s += `<path d="${ridge(rng, w, h * 0.84, 90, h, false)}" fill="${p.near}"/>`;
  // A winding path through the foreground.
  const px = rng.range(w * 0.3, w * 0.7);
  s += `<path d="M${r1(px - 30)},${r1(h * 0.82)} Q${r1(px + 120)},${r1(h * 0.9)} ${r1(px - 200)},${h} L${r1(px + 160)},${h} Q${r1(px + 200)},${r1(h * 0.9)} ${r1(px + 30)},${r1(h * 0.82)} Z" fill="${p.skyBottom}" fill-opacity="0.35"/>`;
  return s;
}

function campusScene(rng: Rng, p: Palette, w: number, h: number, mood: Mood): string {
  let s = skyAndSun(p, rng, w, h, mood);
  s += `<path d="${ridge(rng, w, h * 0.6, 100, h, false)}" fill="${p.far}"/>`;
  const ground = h * 0.78;
  // Buildings with window grids.
  let x = rng.range(-60, 20);
  const litChance = mood === "night" || mood === "dusk" ? 0.65 : 1;
  while (x < w) {
    const bw = rng.range(150, 320);
    const bh = rng.range(160, 420);
    const top = ground - bh;
    const shade = rng.range(-8, 8);
    const isDome = rng.next() < 0.18 && bw > 200;
    s += `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(bw)}" height="${r1(bh)}" fill="${p.building}" style="filter:brightness(${r1(100 + shade)}%)"/>`;
    if (isDome) {
      const cx = x + bw / 2;
      const dr = bw * 0.32;
      s += `<path d="M${r1(cx - dr)},${r1(top)} A${r1(dr)},${r1(dr)} 0 0 1 ${r1(cx + dr)},${r1(top)} Z" fill="${p.building}"/>`;
      s += `<path d="${crescentPath(cx, top - dr - 22, 14, -20)}" fill="${p.accent}"/>`;
      s += `<rect x="${r1(x + bw - 24)}" y="${r1(top - 140)}" width="16" height="140" fill="${p.building}"/>`;
      s += `<polygon points="${r1(x + bw - 30)},${r1(top - 140)} ${r1(x + bw - 16)},${r1(top - 180)} ${r1(x + bw - 2)},${r1(top - 140)}" fill="${p.accent}"/>`;
    }
    const cols = Math.max(2, Math.floor(bw / 46));
    const rows = Math.max(2, Math.floor(bh / 58));
    const cw = bw / cols;
    const rh = (bh - 30) / rows;
    let win = "";
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (rng.next() > litChance) continue;
        win += `<rect x="${r1(x + c * cw + cw * 0.25)}" y="${r1(top + 18 + r * rh + rh * 0.2)}" width="${r1(cw * 0.5)}" height="${r1(rh * 0.55)}"/>`;
      }
    }
    s += `<g fill="${p.window}" fill-opacity="0.85">${win}</g>`;
    x += bw + rng.range(10, 70);
  }
  s += `<rect x="0" y="${r1(ground)}" width="${w}" height="${r1(h - ground)}" fill="${p.mid}"/>`;
  s += `<rect x="0" y="${r1(ground)}" width="${w}" height="14" fill="${p.near}" fill-opacity="0.6"/>`;
  s += trees(rng, rng.int(3, 7), 0, w, ground + 30, 1.1, p.near);
  s += `<path d="${ridge(rng, w, h * 0.95, 40, h, false)}" fill="${p.near}"/>`;
  return s;
}

/** Back view of a seated or standing audience in front of a stage: an abstract "event photo". */
function gatheringScene(rng: Rng, p: Palette, w: number, h: number, mood: Mood): string {
  const wallTop = hsl(rng.range(0, 360), 25, mood === "night" || mood === "dusk" ? 14 : 30);
  let s = `<defs>${linearGradient("wall", [
    [0, wallTop],
    [1, p.skyTop],
  ])}${radialGlow("spot", "#fff", 0.45)}</defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#wall)"/>`;
  // Stage with a banner and a podium.
  const stageY = h * 0.56;
  const bx = rng.range(w * 0.15, w * 0.35);
  const bw = rng.range(w * 0.4, w * 0.6);
  s += `<rect x="${r1(bx)}" y="${r1(h * 0.12)}" width="${r1(bw)}" height="${r1(h * 0.3)}" rx="10" fill="${p.accent}"/>`;
  s += `<rect x="${r1(bx + 30)}" y="${r1(h * 0.12 + 30)}" width="${r1(bw - 60)}" height="${r1(h * 0.3 - 60)}" rx="6" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="4"/>`;
  // Title lines on the banner, like lettering seen from far away.
  const lines = rng.int(2, 3);
  for (let i = 0; i < lines; i++) {
    const lw = (bw - 160) * (i === 0 ? 1 : rng.range(0.45, 0.8));
    const ly = h * 0.12 + 70 + i * ((h * 0.3 - 130) / Math.max(1, lines - 1));
    s += `<rect x="${r1(bx + bw / 2 - lw / 2)}" y="${r1(ly)}" width="${r1(lw)}" height="${i === 0 ? 34 : 20}" rx="10" fill="#fff" fill-opacity="${i === 0 ? 0.85 : 0.6}"/>`;
  }
  for (let i = 0; i < 3; i++) {
    s += `<circle cx="${r1(rng.range(0, w))}" cy="${r1(rng.range(0, h * 0.3))}" r="${r1(rng.range(150, 300))}" fill="url(#spot)"/>`;
  }
  s += `<rect x="0" y="${r1(stageY)}" width="${w}" height="${r1(h - stageY)}" fill="${p.building}"/>`;
  s += `<rect x="0" y="${r1(stageY)}" width="${w}" height="${r1(h - stageY)}" fill="#000" fill-opacity="0.45"/>`;
  s += `<rect x="0" y="${r1(stageY)}" width="${w}" height="12" fill="#000" fill-opacity="0.25"/>`;
  const podX = rng.range(w * 0.2, w * 0.8);
  s += `<polygon points="${r1(podX - 55)},${r1(stageY - 150)} ${r1(podX + 55)},${r1(stageY - 150)} ${r1(podX + 45)},${r1(stageY)} ${r1(podX - 45)},${r1(stageY)}" fill="${p.near}"/>`;
  s += `<circle cx="${r1(podX)}" cy="${r1(stageY - 190)}" r="26" fill="${p.crowd[0] ?? "#222"}"/>`;
  s += `<path d="M${r1(podX - 48)},${r1(stageY - 140)} Q${r1(podX)},${r1(stageY - 200)} ${r1(podX + 48)},${r1(stageY - 140)} Z" fill="${p.crowd[0] ?? "#222"}"/>`;
  // Rows of people, back view: heads and shoulders, bigger towards the camera.
  const rows = 4;
  for (let row = 0; row < rows; row++) {
    const t = row / (rows - 1);
    const scale = 0.7 + t * 1.0;
    const y = stageY + 90 + t * (h - stageY - 40);
    const spacing = 95 * scale;
    let x = rng.range(-spacing / 2, spacing / 2);
    let g = "";
    while (x < w + spacing) {
      const c = rng.pick(p.crowd);
      const hx = x + rng.range(-12, 12) * scale;
      const hy = y - rng.range(0, 16) * scale;
      const headR = 24 * scale * rng.range(0.9, 1.1);
      const shW = 52 * scale * rng.range(0.9, 1.15);
      g += `<path d="M${r1(hx - shW)},${r1(hy + 150 * scale)} Q${r1(hx - shW)},${r1(hy + 30 * scale)} ${r1(hx)},${r1(hy + 26 * scale)} Q${r1(hx + shW)},${r1(hy + 30 * scale)} ${r1(hx + shW)},${r1(hy + 150 * scale)} Z" fill="${c}"/>`;
      g += `<circle cx="${r1(hx)}" cy="${r1(hy)}" r="${r1(headR)}" fill="${c}"/>`;
      x += spacing * rng.range(0.85, 1.2);
    }
    s += `<g style="filter:brightness(${r1(125 - t * 35)}%)">${g}</g>`;
  }
  return s;
}

function nightScene(rng: Rng, p: Palette, w: number, h: number): string {
  let s = skyAndSun(p, rng, w, h, "night");
  s += `<path d="${ridge(rng, w, h * 0.62, 110, h, true)}" fill="${p.far}"/>`;
  s += `<path d="${ridge(rng, w, h * 0.74, 70, h, false)}" fill="${p.mid}"/>`;
  // A string of lanterns across the scene.
  const y0 = rng.range(h * 0.12, h * 0.28);
  const sag = rng.range(60, 140);
  s += `<path d="M0,${r1(y0)} Q${r1(w / 2)},${r1(y0 + sag * 2)} ${w},${r1(y0)}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="3"/>`;
  const n = rng.int(9, 14);
  let lamps = "";
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const x = t * w;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + sag * 2) + t * t * y0;
    const color = hsl(rng.pick([35, 45, 10, 330, 160]), 90, 62);
    lamps += `<circle cx="${r1(x)}" cy="${r1(y + 30)}" r="34" fill="url(#glow)"/>`;
    lamps += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x)}" y2="${r1(y + 14)}" stroke="#000" stroke-opacity="0.5" stroke-width="2"/>`;
    lamps += `<ellipse cx="${r1(x)}" cy="${r1(y + 30)}" rx="12" ry="17" fill="${color}"/>`;
  }
  s += lamps;
  // Long tables with people seated along them.
  const tableY = h * 0.8;
  s += `<rect x="${r1(w * 0.05)}" y="${r1(tableY)}" width="${r1(w * 0.9)}" height="30" rx="6" fill="${p.accent}" fill-opacity="0.55"/>`;
  let g = "";
  for (let x = w * 0.08; x < w * 0.94; x += rng.range(70, 110)) {
    const c = rng.pick(p.crowd);
    g += `<circle cx="${r1(x)}" cy="${r1(tableY - 60)}" r="20" fill="${c}"/>`;
    g += `<path d="M${r1(x - 40)},${r1(tableY + 10)} Q${r1(x - 40)},${r1(tableY - 40)} ${r1(x)},${r1(tableY - 42)} Q${r1(x + 40)},${r1(tableY - 40)} ${r1(x + 40)},${r1(tableY + 10)} Z" fill="${c}"/>`;
  }
  s += g;
  s += `<path d="${ridge(rng, w, h * 0.93, 30, h, false)}" fill="${p.near}"/>`;
  return s;
}

type GroupStyle = { hue: number; kinds: readonly SceneKind[]; moods: readonly Mood[] };

/** Per-group look, so that each slider feels different. Unknown groups get a hashed style. */
const GROUP_STYLES: Record<string, GroupStyle> = {
  "Med Doc": { hue: 200, kinds: ["gathering", "campus", "gathering"], moods: ["day", "dusk"] },
  "Grand Iftar": { hue: 30, kinds: ["night", "night", "gathering"], moods: ["dusk", "night"] },
  "Welcome Dinner": { hue: 330, kinds: ["night", "gathering"], moods: ["night", "dusk"] },
  "Students Welcome": { hue: 140, kinds: ["campus", "gathering", "landscape"], moods: ["day", "dawn"] },
  "Story Night": { hue: 260, kinds: ["night", "gathering"], moods: ["night"] },
  "Andaz e Byan": { hue: 10, kinds: ["gathering"], moods: ["dusk", "day"] },
  "MUN Model United Nation": { hue: 215, kinds: ["gathering", "campus"], moods: ["day"] },
  "Palestine Conference": { hue: 120, kinds: ["gathering"], moods: ["day", "dusk"] },
  "Palestine Walk": { hue: 100, kinds: ["campus", "landscape"], moods: ["day", "dawn"] },
  "Palestine Wall": { hue: 0, kinds: ["campus", "landscape"], moods: ["dawn", "day", "dusk"] },
  "Online Sessions and Seminars": { hue: 190, kinds: ["gathering", "campus"], moods: ["day", "night"] },
  "Class to Class Compaign": { hue: 50, kinds: ["campus", "gathering"], moods: ["day", "dawn"] },
  Sports: { hue: 90, kinds: ["landscape"], moods: ["day", "dawn"] },
  "Dar s Quran and Shab e darri": { hue: 170, kinds: ["night", "gathering"], moods: ["night", "dusk"] },
  "Pathway to Diagnosis": { hue: 195, kinds: ["gathering"], moods: ["day"] },
  "Study Center": { hue: 40, kinds: ["campus", "gathering"], moods: ["day", "dusk"] },
  "Study Aid Project": { hue: 280, kinds: ["campus"], moods: ["dawn", "day"] },
  "Alkhidmat plantation drives": { hue: 110, kinds: ["landscape"], moods: ["day", "dawn"] },
  "PIMA convention": { hue: 225, kinds: ["gathering"], moods: ["day", "dusk"] },
  "Teachers Day": { hue: 310, kinds: ["gathering", "campus"], moods: ["day"] },
  "Study Circle": { hue: 150, kinds: ["gathering", "night"], moods: ["dusk", "night"] },
  "Explore SMC": { hue: 0, kinds: ["campus", "landscape", "campus", "night"], moods: ["dawn", "day", "dusk", "night"] },
};

function styleFor(group: string): GroupStyle {
  return (
    GROUP_STYLES[group] ?? {
      hue: hashString(group) % 360,
      kinds: ["campus", "landscape", "gathering"],
      moods: ["day", "dusk"],
    }
  );
}

function galleryPhotoSvg(group: string, index: number, relPath: string): string {
  const w = 1600;
  const h = 1067;
  const rng = makeRng(relPath);
  const style = styleFor(group);
  const kind = style.kinds[index % style.kinds.length] ?? "landscape";
  let mood = rng.pick(style.moods);
  if (kind === "night") mood = "night";
  const hue = group === "Explore SMC" ? (index * 47) % 360 : style.hue + rng.range(-15, 15);
  const p = makePalette(hue, mood, rng);
  let body: string;
  switch (kind) {
    case "landscape":
      body = landscapeScene(rng, p, w, h, mood);
      break;
    case "campus":
      body = campusScene(rng, p, w, h, mood);
      break;
    case "gathering":
      body = gatheringScene(rng, p, w, h, mood);
      break;
    case "night":
      body = nightScene(rng, p, w, h);
      break;
  }
  body += caption(`${group} · ${String(index + 1).padStart(2, "0")}`, w, h, 30);
  return svgDoc(w, h, body);
}

// ---------------------------------------------------------------------------------------------
// Logo (700x700, transparent)

function logoSvg(): string {
  const size = 700;
  const c = size / 2;
  const green = "#0f5c3a";
  const greenLight = "#1f8a5b";
  const gold = "#d9a93a";
  const cream = "#fbf5e6";
  let s = `<defs>${linearGradient("disc", [
    [0, greenLight],
    [1, green],
  ])}</defs>`;
  s += `<circle cx="${c}" cy="${c}" r="340" fill="${green}"/>`;
  s += `<circle cx="${c}" cy="${c}" r="318" fill="none" stroke="${gold}" stroke-width="9"/>`;
  s += `<circle cx="${c}" cy="${c}" r="296" fill="url(#disc)"/>`;
  // Eight-pointed star (two overlapping squares) as a faint backdrop.
  s += `<g fill="none" stroke="${gold}" stroke-opacity="0.35" stroke-width="6">`;
  s += `<rect x="${c - 175}" y="${c - 175}" width="350" height="350"/>`;
  s += `<rect x="${c - 175}" y="${c - 175}" width="350" height="350" transform="rotate(45 ${c} ${c})"/>`;
  s += `</g>`;
  // A wreath of leaves along the lower ring.
  let leaves = "";
  for (let i = 0; i < 2; i++) {
    const side = i === 0 ? -1 : 1;
    for (let k = 0; k < 9; k++) {
      const a = ((90 + side * (28 + k * 13)) * Math.PI) / 180;
      const x = c + Math.cos(a) * 268;
      const y = c + Math.sin(a) * 268;
      const rot = (a * 180) / Math.PI + (side < 0 ? 60 : 120);
      leaves += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="20" ry="8" transform="rotate(${r1(rot)} ${r1(x)} ${r1(y)})"/>`;
    }
  }
  s += `<g fill="${gold}">${leaves}</g>`;
  // Open book.
  const by = c + 150;
  s += `<path d="M${c},${by - 70} Q${c - 80},${by - 105} ${c - 190},${by - 80} L${c - 190},${by + 20} Q${c - 80},${by - 5} ${c},${by + 30} Z" fill="${cream}"/>`;
  s += `<path d="M${c},${by - 70} Q${c + 80},${by - 105} ${c + 190},${by - 80} L${c + 190},${by + 20} Q${c + 80},${by - 5} ${c},${by + 30} Z" fill="${cream}"/>`;
  s += `<path d="M${c},${by - 70} L${c},${by + 30}" stroke="${green}" stroke-width="5"/>`;
  let lines = "";
  for (let k = 0; k < 4; k++) {
    const yy = by - 60 + k * 18;
    lines += `<path d="M${c - 170},${yy - 8} Q${c - 90},${yy - 28} ${c - 20},${yy + 2}"/>`;
    lines += `<path d="M${c + 20},${yy + 2} Q${c + 90},${yy - 28} ${c + 170},${yy - 8}"/>`;
  }
  s += `<g fill="none" stroke="${green}" stroke-opacity="0.35" stroke-width="4">${lines}</g>`;
  // Staff with two intertwined serpents and wings (caduceus-like), rising from the book.
  const top = c - 175;
  const bottom = by - 80;
  s += `<rect x="${c - 8}" y="${top}" width="16" height="${bottom - top}" rx="8" fill="${gold}"/>`;
  s += `<circle cx="${c}" cy="${top - 6}" r="17" fill="${gold}"/>`;
  const wing = (dir: number): string =>
    `<path d="M${c},${top + 22} Q${c + dir * 70},${top - 25} ${c + dir * 150},${top - 10} Q${c + dir * 110},${top + 18} ${c + dir * 125},${top + 30} Q${c + dir * 80},${top + 40} ${c + dir * 95},${top + 58} Q${c + dir * 40},${top + 60} ${c},${top + 48} Z" fill="${cream}"/>`;
  s += wing(-1) + wing(1);
  for (const phase of [0, Math.PI]) {
    const pts: string[] = [];
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      const y = top + 70 + t * (bottom - top - 80);
      const x = c + Math.sin(t * Math.PI * 3 + phase) * 42 * (1 - t * 0.35);
      pts.push(`${r1(x)},${r1(y)}`);
    }
    s += `<polyline points="${pts.join(" ")}" fill="none" stroke="${cream}" stroke-width="11" stroke-linecap="round"/>`;
  }
  // Crescent and star above.
  s += `<path d="${crescentPath(c, c - 245, 38, -90)}" fill="${gold}"/>`;
  s += `<polygon points="${starPolygon(c - 105, c - 215, 16, 7, 5)}" fill="${gold}"/>`;
  s += `<polygon points="${starPolygon(c + 105, c - 215, 16, 7, 5)}" fill="${gold}"/>`;
  return svgDoc(size, size, s);
}

// ---------------------------------------------------------------------------------------------
// Portrait placeholders (600x600): head-and-shoulders silhouettes, not real people

/** Background hues for portraits, taken in turn so that neighbouring cards differ. */
const PORTRAIT_HUES = [205, 150, 20, 265, 335, 45, 180, 100, 290] as const;

function portraitSvg(relPath: string, index: number): string {
  const size = 600;
  const rng = makeRng(relPath);
  const hue = (PORTRAIT_HUES[index % PORTRAIT_HUES.length] ?? 200) + rng.range(-10, 10);
  const bgTop = hsl(hue, 45, 62);
  const bgBottom = hsl(hue + 30, 50, 40);
  const figure = hsl(hue + 180, 15, 92);
  const hair = hsl(hue + 200, 20, 22);
  const cloth = rng.pick([hsl(220, 40, 25), hsl(0, 0, 24), hsl(350, 45, 30), hsl(80, 25, 30), hsl(185, 40, 28), hsl(25, 35, 32)]);
  const whiteCoat = rng.next() < 0.5;
  let s = `<defs>${linearGradient("bg", [
    [0, bgTop],
    [1, bgBottom],
  ], false)}</defs>`;
  s += `<rect width="${size}" height="${size}" fill="url(#bg)"/>`;
  for (let i = 0; i < 6; i++) {
    s += `<circle cx="${r1(rng.range(0, size))}" cy="${r1(rng.range(0, size))}" r="${r1(rng.range(40, 140))}" fill="#fff" fill-opacity="${r1(rng.range(0.04, 0.12))}"/>`;
  }
  const cx = 300;
  const headY = 235;
  // Shoulders and clothing (a shirt, or a doctor's white coat over a shirt).
  const shoulders = `M70,600 C80,470 170,420 300,418 C430,420 520,470 530,600 Z`;
  if (whiteCoat) {
    s += `<path d="${shoulders}" fill="#f3f5f7"/>`;
    s += `<path d="M${cx - 75},428 L${cx},600 L${cx + 75},428 Z" fill="${cloth}"/>`;
    s += `<path d="M${cx - 75},428 L${cx - 5},600 M${cx + 75},428 L${cx + 5},600" stroke="#c5ccd4" stroke-width="6"/>`;
    s += `<rect x="${cx + 110}" y="500" width="60" height="8" rx="4" fill="#c5ccd4"/>`;
  } else {
    s += `<path d="${shoulders}" fill="${cloth}"/>`;
  }
  // Neck and collar.
  s += `<rect x="${cx - 38}" y="${headY + 70}" width="76" height="90" rx="30" fill="${figure}"/>`;
  s += `<path d="M${cx - 60},420 L${cx},${r1(500 + rng.range(-20, 20))} L${cx + 60},420 Z" fill="${figure}"/>`;
  if (!whiteCoat) {
    s += `<path d="M${cx - 60},420 L${cx - 20},470 L${cx - 90},460 Z M${cx + 60},420 L${cx + 20},470 L${cx + 90},460 Z" fill="#fff" fill-opacity="0.85"/>`;
  }
  // Head.
  s += `<ellipse cx="${cx}" cy="${headY}" rx="92" ry="110" fill="${figure}"/>`;
  const style = rng.int(0, 2);
  if (style === 0) {
    // short hair
    s += `<path d="M${cx - 94},${headY - 5} C${cx - 100},${headY - 130} ${cx + 100},${headY - 130} ${cx + 94},${headY - 5} C${cx + 70},${headY - 70} ${cx - 70},${headY - 70} ${cx - 94},${headY - 5} Z" fill="${hair}"/>`;
  } else if (style === 1) {
    // prayer cap
    s += `<path d="M${cx - 88},${headY - 45} C${cx - 80},${headY - 130} ${cx + 80},${headY - 130} ${cx + 88},${headY - 45} Z" fill="#fff"/>`;
    s += `<path d="M${cx - 88},${headY - 45} L${cx + 88},${headY - 45}" stroke="${cloth}" stroke-opacity="0.3" stroke-width="6"/>`;
  } else {
    // side-parted hair
    s += `<path d="M${cx - 95},${headY + 10} C${cx - 110},${headY - 140} ${cx + 120},${headY - 140} ${cx + 94},${headY + 5} C${cx + 60},${headY - 60} ${cx - 20},${headY - 90} ${cx - 95},${headY + 10} Z" fill="${hair}"/>`;
  }
  if (rng.next() < 0.4) {
    // glasses
    s += `<g fill="none" stroke="${hair}" stroke-width="6" stroke-opacity="0.7"><circle cx="${cx - 36}" cy="${headY + 5}" r="24"/><circle cx="${cx + 36}" cy="${headY + 5}" r="24"/><path d="M${cx - 12},${headY + 5} L${cx + 12},${headY + 5}"/></g>`;
  }
  if (whiteCoat || rng.next() < 0.3) {
    // stethoscope around the neck
    const st = hsl(hue + 90, 20, 18);
    s += `<path d="M${cx - 70},430 C${cx - 80},520 ${cx - 30},560 ${cx + 10},560 C${cx + 60},560 ${cx + 80},520 ${cx + 70},430" fill="none" stroke="${st}" stroke-width="9" stroke-linecap="round"/>`;
    s += `<circle cx="${cx + 10}" cy="566" r="18" fill="${st}"/><circle cx="${cx + 10}" cy="566" r="9" fill="#c0c7cf"/>`;
  }
  return svgDoc(size, size, s);
}

// ---------------------------------------------------------------------------------------------
// Illustrations (800x600) for collaborators and resources

function illustrationFrame(rng: Rng, hue: number, body: string): string {
  const w = 800;
  const h = 600;
  let s = `<defs>${linearGradient("bg", [
    [0, hsl(hue, 55, 92)],
    [1, hsl(hue + 25, 50, 78)],
  ], false)}</defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  for (let i = 0; i < 10; i++) {
    s += `<circle cx="${r1(rng.range(0, w))}" cy="${r1(rng.range(0, h))}" r="${r1(rng.range(10, 70))}" fill="${hsl(hue + rng.range(-30, 30), 60, 60)}" fill-opacity="${r1(rng.range(0.08, 0.2))}"/>`;
  }
  s += `<ellipse cx="400" cy="520" rx="260" ry="26" fill="#000" fill-opacity="0.1"/>`;
  return svgDoc(w, h, s + body);
}

function book(x: number, y: number, w: number, h: number, color: string, tilt = 0): string {
  return (
    `<g transform="rotate(${r1(tilt)} ${r1(x + w / 2)} ${r1(y + h / 2)})">` +
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="8" fill="${color}"/>` +
    `<rect x="${r1(x + 12)}" y="${r1(y + h - 14)}" width="${r1(w - 24)}" height="8" fill="#fff" fill-opacity="0.85"/>` +
    `<rect x="${r1(x + 30)}" y="${r1(y + 10)}" width="14" height="${r1(h - 28)}" fill="#fff" fill-opacity="0.35"/>` +
    `<rect x="${r1(x + w - 44)}" y="${r1(y + 10)}" width="14" height="${r1(h - 28)}" fill="#fff" fill-opacity="0.35"/>` +
    `</g>`
  );
}

function stethoscope(x: number, y: number, scale: number, color: string): string {
  return (
    `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(scale)})" fill="none" stroke="${color}" stroke-width="10" stroke-linecap="round">` +
    `<path d="M-60,-120 L-60,-40 C-60,30 60,30 60,-40 L60,-120"/>` +
    `<path d="M0,10 C0,80 110,90 120,30 L120,0"/>` +
    `<circle cx="120" cy="-12" r="22" fill="${color}"/>` +
    `<circle cx="-60" cy="-126" r="9" fill="${color}"/><circle cx="60" cy="-126" r="9" fill="${color}"/>` +
    `</g>`
  );
}

function collaboratorSvg(relPath: string): string {
  const rng = makeRng(relPath);
  const name = path.basename(relPath).replace(/\.[a-z]+$/i, "");
  switch (name) {
    case "health-foundation": {
      const body =
        `<path d="M400,470 C250,370 210,290 250,220 C290,160 370,170 400,230 C430,170 510,160 550,220 C590,290 550,370 400,470 Z" fill="#d94a5a"/>` +
        `<rect x="370" y="240" width="60" height="150" rx="10" fill="#fff"/><rect x="325" y="285" width="150" height="60" rx="10" fill="#fff"/>` +
        `<polyline points="80,330 220,330 250,280 285,390 320,300 340,330 460,330 480,300 505,360 530,330 720,330" fill="none" stroke="#8a1f2e" stroke-width="8" stroke-linejoin="round" stroke-opacity="0.6"/>`;
      return illustrationFrame(rng, 350, body);
    }
    case "medical-convention": {
      let audience = "";
      for (let i = 0; i < 9; i++) {
        const x = 110 + i * 72;
        audience += `<circle cx="${x}" cy="470" r="20" fill="#2d3f66"/><path d="M${x - 32},540 Q${x - 32},490 ${x},488 Q${x + 32},490 ${x + 32},540 Z" fill="#2d3f66"/>`;
      }
      const body =
        `<rect x="170" y="70" width="460" height="150" rx="12" fill="#2f6fb3"/>` +
        `<path d="${crescentPath(400, 145, 45, -40)}" fill="#fff"/>` +
        `<polygon points="${starPolygon(470, 125, 14, 6, 5)}" fill="#fff"/>` +
        `<polygon points="340,260 460,260 445,420 355,420" fill="#7a4b2a"/>` +
        `<rect x="330" y="250" width="140" height="18" rx="6" fill="#8f5c36"/>` +
        `<path d="M400,250 L400,215" stroke="#333" stroke-width="6"/><ellipse cx="400" cy="205" rx="12" ry="16" fill="#333"/>` +
        audience;
      return illustrationFrame(rng, 215, body);
    }
    case "career-consultancy": {
      const bars = [110, 170, 230, 300]
        .map((bh, i) => `<rect x="${430 + i * 62}" y="${440 - bh}" width="44" height="${bh}" rx="6" fill="${hsl(160 + i * 12, 55, 40)}"/>`)
        .join("");
      const body =
        `<rect x="120" y="270" width="240" height="170" rx="18" fill="#7a4b2a"/>` +
        `<path d="M200,270 L200,235 Q200,220 215,220 L265,220 Q280,220 280,235 L280,270" fill="none" stroke="#5a361e" stroke-width="14"/>` +
        `<rect x="120" y="330" width="240" height="12" fill="#5a361e"/><rect x="225" y="322" width="30" height="28" rx="4" fill="#d9a93a"/>` +
        bars +
        `<polyline points="420,330 500,270 560,290 680,160" fill="none" stroke="#d9553a" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<polygon points="680,140 700,185 655,175" fill="#d9553a"/>`;
      return illustrationFrame(rng, 160, body);
    }
    case "dental-solutions": {
      const body =
        `<path d="M300,160 C340,130 370,150 400,160 C430,150 460,130 500,160 C550,200 530,280 510,320 C495,360 495,440 470,470 C450,490 435,450 425,410 C418,380 410,360 400,360 C390,360 382,380 375,410 C365,450 350,490 330,470 C305,440 305,360 290,320 C270,280 250,200 300,160 Z" fill="#fff" stroke="#9fc6e0" stroke-width="8"/>` +
        `<path d="M330,200 Q350,185 370,195" fill="none" stroke="#cde3f2" stroke-width="10" stroke-linecap="round"/>` +
        `<polygon points="${starPolygon(580, 170, 34, 10, 4)}" fill="#f2c94c"/>` +
        `<polygon points="${starPolygon(230, 380, 24, 7, 4)}" fill="#f2c94c"/>` +
        `<polygon points="${starPolygon(610, 330, 18, 5, 4)}" fill="#f2c94c"/>`;
      return illustrationFrame(rng, 195, body);
    }
    case "quran-club": {
      const body =
        `<path d="M250,480 L550,330 M550,480 L250,330" stroke="#7a4b2a" stroke-width="26" stroke-linecap="round"/>` +
        `<path d="M400,330 Q310,280 220,300 L230,380 Q320,360 400,400 Z" fill="#1f7a52"/>` +
        `<path d="M400,330 Q490,280 580,300 L570,380 Q480,360 400,400 Z" fill="#1f7a52"/>` +
        `<path d="M400,320 Q320,270 240,290 L248,360 Q325,345 400,385 Z" fill="#fbf5e6"/>` +
        `<path d="M400,320 Q480,270 560,290 L552,360 Q475,345 400,385 Z" fill="#fbf5e6"/>` +
        `<path d="${crescentPath(400, 150, 55, -60)}" fill="#d9a93a"/>` +
        `<polygon points="${starPolygon(470, 120, 16, 7, 5)}" fill="#d9a93a"/>`;
      return illustrationFrame(rng, 120, body);
    }
    case "local-influencer": {
      const body =
        `<circle cx="400" cy="290" r="210" fill="none" stroke="#fff" stroke-width="22" stroke-opacity="0.8"/>` +
        `<rect x="320" y="120" width="160" height="320" rx="26" fill="#222a35"/>` +
        `<rect x="334" y="150" width="132" height="260" rx="10" fill="${hsl(280, 60, 60)}"/>` +
        `<polygon points="380,240 380,320 440,280" fill="#fff"/>` +
        `<path d="M600,200 c-10,-20 -40,-15 -35,8 c4,18 35,32 35,32 c0,0 31,-14 35,-32 c5,-23 -25,-28 -35,-8 z" fill="#e84a6a"/>` +
        `<path d="M200,330 c-8,-16 -32,-12 -28,6 c3,14 28,26 28,26 c0,0 25,-12 28,-26 c4,-18 -20,-22 -28,-6 z" fill="#e84a6a" fill-opacity="0.8"/>` +
        `<path d="M630,380 c-6,-12 -24,-9 -21,5 c2,11 21,19 21,19 c0,0 19,-8 21,-19 c3,-14 -15,-17 -21,-5 z" fill="#e84a6a" fill-opacity="0.7"/>`;
      return illustrationFrame(rng, 290, body);
    }
    default: {
      const body = `<circle cx="400" cy="300" r="140" fill="${hsl(rng.range(0, 360), 50, 55)}"/>`;
      return illustrationFrame(rng, rng.range(0, 360), body);
    }
  }
}

function resourceSvg(relPath: string, label: string): string {
  const rng = makeRng(relPath);
  const name = path.basename(relPath).replace(/\.[a-z]+$/i, "");
  if (name === "medical-books") {
    const colors = ["#2f6fb3", "#c0392b", "#1f7a52", "#d9a93a", "#6c3fa0", "#2d3f66"];
    let stack = "";
    colors.forEach((c, i) => {
      stack += book(210 + rng.range(-20, 20), 440 - i * 56, 300 + rng.range(-30, 30), 54, c, rng.range(-3, 3));
    });
    const body = stack + stethoscope(600, 330, 1.1, "#2b2b2b");
    return illustrationFrame(rng, 30, body);
  }
  const year = Number.parseInt(name, 10);
  const hue = Number.isFinite(year) ? 180 + year * 40 : rng.range(0, 360);
  const color = hsl(hue, 55, 42);
  let rings = "";
  for (let i = 0; i < 9; i++) rings += `<rect x="252" y="${120 + i * 40}" width="36" height="12" rx="6" fill="#555"/>`;
  let lines = "";
  for (let i = 0; i < 7; i++) lines += `<rect x="320" y="${190 + i * 36}" width="${r1(rng.range(140, 220))}" height="8" rx="4" fill="#b8c2cc"/>`;
  let icon = "";
  switch (year) {
    case 1: // a bone
      icon = `<g fill="#fff" transform="rotate(-35 620 220)"><rect x="560" y="208" width="120" height="24" rx="12"/><circle cx="560" cy="205" r="18"/><circle cx="560" cy="235" r="18"/><circle cx="680" cy="205" r="18"/><circle cx="680" cy="235" r="18"/></g>`;
      break;
    case 2: // a heart with a pulse
      icon = `<path d="M620,290 C560,250 545,210 565,185 C585,160 612,170 620,195 C628,170 655,160 675,185 C695,210 680,250 620,290 Z" fill="#fff"/><polyline points="560,220 595,220 607,200 620,240 632,215 680,215" fill="none" stroke="${color}" stroke-width="6"/>`;
      break;
    case 3: // a capsule
      icon = `<g transform="rotate(40 620 220)"><rect x="560" y="195" width="120" height="50" rx="25" fill="#fff"/><rect x="620" y="195" width="60" height="50" rx="0" fill="#f2c94c"/><rect x="655" y="195" width="25" height="50" rx="25" fill="#f2c94c"/></g>`;
      break;
    default: // 4th year and beyond: a stethoscope
      icon = stethoscope(600, 250, 0.6, "#fff");
  }
  const body =
    `<rect x="230" y="100" width="300" height="390" rx="16" fill="${color}"/>` +
    `<rect x="270" y="110" width="250" height="370" rx="10" fill="#fff"/>` +
    rings +
    lines +
    `<circle cx="620" cy="220" r="100" fill="${color}"/>` +
    icon +
    `<rect x="300" y="130" width="${r1(label.length * 16 + 30)}" height="38" rx="19" fill="${color}"/>` +
    `<text x="315" y="157" font-family="${FONT}" font-size="24" font-weight="bold" fill="#fff">${escapeXml(label)}</text>`;
  return illustrationFrame(rng, hue, body);
}

// ---------------------------------------------------------------------------------------------
// Writing files

const written: string[] = [];
const skipped: string[] = [];

async function writeImage(relPath: string, svg: string): Promise<void> {
  const file = path.join(PHOTOS_DIR, relPath);
  if (!FORCE && existsSync(file)) {
    skipped.push(relPath);
    return;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const img = sharp(Buffer.from(svg));
  if (/\.png$/i.test(relPath)) {
    await img.png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 }).toFile(file);
  } else if (/\.jpe?g$/i.test(relPath)) {
    await img.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }).toFile(file);
  } else if (/\.webp$/i.test(relPath)) {
    await img.webp({ quality: 78 }).toFile(file);
  } else {
    throw new Error(`Unsupported image type: ${relPath}`);
  }
  written.push(relPath);
}

async function generateImages(): Promise<void> {
  await writeImage(site.logo, logoSvg());
  await writeImage(site.president.photo, portraitSvg(site.president.photo, 0));
  let portraits = 1;
  for (const member of site.team) {
    const img: string | undefined = "img" in member ? member.img : undefined;
    if (img === undefined || img === site.logo) continue;
    await writeImage(img, portraitSvg(img, portraits++));
  }
  for (const c of site.collaborators) await writeImage(c.img, collaboratorSvg(c.img));
  for (const r of site.resources) await writeImage(r.img, resourceSvg(r.img, r.menuLabel));

  const galleries: { name: string; photos: readonly string[] }[] = [
    ...site.eventGroups,
    ...site.activityGroups,
    { name: "Explore SMC", photos: site.explorePhotos },
  ];
  for (const group of galleries) {
    const seen = new Set<string>();
    for (const photo of group.photos) {
      // A repeated path (Med Doc repeats its last photo) is drawn once.
      if (seen.has(photo)) continue;
      await writeImage(photo, galleryPhotoSvg(group.name, seen.size, photo));
      seen.add(photo);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Documentary video (optional, needs ffmpeg with libvpx)

const VIDEO_W = 640;
const VIDEO_H = 360;
const FPS = 24;
const SECONDS = 7;

function ease(t: number): number {
  const c = Math.max(0, Math.min(1, t));
  return c * c * (3 - 2 * c);
}

function videoFrameSvg(frame: number, frames: number, logoDataUri: string): string {
  const t = frame / (frames - 1);
  const w = VIDEO_W;
  const h = VIDEO_H;
  // The same hills every frame (fixed seed); the sun rises and the sky brightens.
  const rng = makeRng("video-hills");
  const rise = ease(t / 0.7);
  const skyTop = hsl(230 - 25 * rise, 50, 12 + 38 * rise);
  const skyBottom = hsl(25 + 10 * rise, 80, 40 + 38 * rise);
  let s = `<defs>${linearGradient("sky", [
    [0, skyTop],
    [1, skyBottom],
  ])}${radialGlow("glow", hsl(40, 100, 80), 0.7)}</defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  const sunY = h * 0.78 - rise * h * 0.45;
  s += `<circle cx="${w * 0.68}" cy="${r1(sunY)}" r="150" fill="url(#glow)"/>`;
  s += `<circle cx="${w * 0.68}" cy="${r1(sunY)}" r="40" fill="${hsl(45, 100, 85)}"/>`;
  s += `<path d="${ridge(rng, w, h * 0.66, 70, h, true)}" fill="${hsl(250, 25, 18 + 20 * rise)}"/>`;
  s += `<path d="${ridge(rng, w, h * 0.78, 40, h, false)}" fill="${hsl(150, 30, 10 + 16 * rise)}"/>`;
  // Buildings of a small campus.
  let x = 40;
  while (x < w - 40) {
    const bw = rng.range(50, 90);
    const bh = rng.range(40, 100);
    s += `<rect x="${r1(x)}" y="${r1(h * 0.86 - bh)}" width="${r1(bw)}" height="${r1(bh)}" fill="${hsl(240, 20, 12 + 10 * rise)}"/>`;
    x += bw + rng.range(15, 40);
  }
  s += `<rect x="0" y="${r1(h * 0.86)}" width="${w}" height="${r1(h * 0.14)}" fill="${hsl(140, 30, 8 + 12 * rise)}"/>`;
  // Titles: the logo and society name fade in, then the closing line.
  const a1 = ease((t - 0.12) / 0.18) * (1 - ease((t - 0.6) / 0.1));
  const a2 = ease((t - 0.7) / 0.15);
  s += `<rect x="24" y="${r1(h * 0.05)}" width="${w - 48}" height="${r1(h * 0.64)}" rx="20" fill="#000" fill-opacity="${(Math.max(a1, a2) * 0.3).toFixed(3)}"/>`;
  s += `<g opacity="${a1.toFixed(3)}">`;
  s += `<image href="${logoDataUri}" x="${w / 2 - 60}" y="30" width="120" height="120"/>`;
  s += `<text x="${w / 2}" y="190" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="bold" fill="#fff">${escapeXml(site.name)}</text>`;
  s += `<text x="${w / 2}" y="226" text-anchor="middle" font-family="${FONT}" font-size="20" fill="#fff">How it started</text>`;
  s += `</g>`;
  s += `<g opacity="${a2.toFixed(3)}">`;
  s += `<text x="${w / 2}" y="150" text-anchor="middle" font-family="${FONT}" font-size="28" font-weight="bold" fill="#fff">${escapeXml(site.tagline)}</text>`;
  s += `<text x="${w / 2}" y="188" text-anchor="middle" font-family="${FONT}" font-size="16" fill="#fff" fill-opacity="0.85">Demo video: replace content/video/documentary.webm with your own</text>`;
  s += `</g>`;
  return svgDoc(w, h, s);
}

function hasFfmpegVp9(): boolean {
  const probe = spawnSync("ffmpeg", ["-hide_banner", "-encoders"], { encoding: "utf8" });
  return probe.status === 0 && probe.stdout.includes("libvpx-vp9");
}

async function generateVideo(relPath: string): Promise<boolean> {
  if (!hasFfmpegVp9()) {
    console.warn(`ffmpeg with libvpx-vp9 not found: skipped ${relPath} (an existing file is kept).`);
    return false;
  }
  const file = path.join(CONTENT_DIR, relPath);
  if (!FORCE && existsSync(file)) {
    console.log(`Kept existing content/${relPath} (use --force to redraw it).`);
    return false;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const logoPng = await sharp(Buffer.from(logoSvg())).resize(240, 240).png().toBuffer();
  const logoDataUri = `data:image/png;base64,${logoPng.toString("base64")}`;
  const frames = FPS * SECONDS;
  const ffmpeg = spawn(
    "ffmpeg",
    [
      "-hide_banner", "-loglevel", "error", "-y",
      "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", `${VIDEO_W}x${VIDEO_H}`, "-r", String(FPS), "-i", "-",
      "-c:v", "libvpx-vp9", "-b:v", "300k", "-deadline", "good", "-cpu-used", "2",
      "-threads", "1", "-row-mt", "0", "-pix_fmt", "yuv420p", "-an",
      "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1",
      file,
    ],
    { stdio: ["pipe", "inherit", "inherit"] },
  );
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on("error", reject);
    ffmpeg.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with code ${code}`))));
  });
  const stdin = ffmpeg.stdin;
  for (let i = 0; i < frames; i++) {
    const raw = await sharp(Buffer.from(videoFrameSvg(i, frames, logoDataUri))).removeAlpha().raw().toBuffer();
    if (!stdin.write(raw)) await new Promise<void>((resolve) => stdin.once("drain", () => resolve()));
  }
  stdin.end();
  await done;
  return true;
}

// ---------------------------------------------------------------------------------------------

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await dirSize(full);
    else total += (await stat(full)).size;
  }
  return total;
}

async function main(): Promise<void> {
  await generateImages();
  console.log(`Wrote ${written.length} images under content/photos/.`);
  if (skipped.length > 0) console.log(`Kept ${skipped.length} existing images (use --force to redraw them).`);
  const video: string | null = site.documentaryVideo;
  if (video !== null && (await generateVideo(video))) console.log(`Wrote content/${video}.`);
  const bytes = await dirSize(CONTENT_DIR);
  console.log(`content/ is now ${(bytes / 1024 / 1024).toFixed(1)} MB.`);
}

await main();
