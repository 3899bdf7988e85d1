/**
 * Draws the demo pictures as SVG: stylised bouquets, stems, dried arrangements and potted plants in the
 * product's colours on a soft background. Deterministic for a given seed; no network, no fonts.
 */
import type { Art, Bloom, PlantShape } from './catalogue-data.js';

export type Rng = () => number;

/** Small, fast, seeded PRNG (mulberry32). */
export function seededRandom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------- colour helpers

const rgb = (hex: string): [number, number, number] => {
  const v = parseInt(hex.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
};
const toHex = (c: number[]): string =>
  `#${c
    .map((x) =>
      Math.max(0, Math.min(255, Math.round(x)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** Mixes `a` toward `b` by t (0..1). */
export const mix = (a: string, b: string, t: number): string => {
  const ca = rgb(a);
  const cb = rgb(b);
  return toHex(ca.map((x, i) => x + (cb[i] - x) * t));
};
const darken = (c: string, t: number) => mix(c, '#1b1b1b', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
/** White petals need a visible edge and a hint of cream. */
const petal = (c: string) => (c.toUpperCase() === '#FFFFFF' ? '#FBF8F1' : c);
const edge = (c: string) => (c.toUpperCase() === '#FFFFFF' ? '#D9D2C3' : darken(c, 0.25));

const f = (n: number) => n.toFixed(1);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

const LEAF = ['#2E7D32', '#388E3C', '#43A047', '#558B2F', '#33691E'];
const MIX_PALETTE = ['#D32F2F', '#F48FB1', '#FBC02D', '#FB8C00', '#8E24AA', '#FFFFFF'];
const BACKGROUNDS = ['#FDF2F4', '#FFF6EC', '#F3F7EE', '#EEF4FA', '#F7F1FA', '#FBF6E9', '#F1F6F4'];

// ---------------------------------------------------------------- primitives

function leaf(x: number, y: number, len: number, width: number, angle: number, color: string): string {
  const w = width / 2;
  return (
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">` +
    `<path d="M0 0 Q${f(len * 0.45)} ${f(-w * 2)} ${f(len)} 0 Q${f(len * 0.45)} ${f(w * 2)} 0 0Z" fill="${color}"/>` +
    `<path d="M0 0 L${f(len * 0.9)} 0" stroke="${darken(color, 0.25)}" stroke-width="${f(Math.max(1, width / 14))}" fill="none"/></g>`
  );
}

function bloom(shape: Bloom, x: number, y: number, r: number, color: string, rng: Rng): string {
  const c = petal(color);
  const e = edge(color);
  const sw = f(Math.max(1.2, r / 22));
  switch (shape) {
    case 'mix':
      return bloom(pick(rng, ['rose', 'daisy', 'peony', 'tulip', 'rose'] as const), x, y, r, color, rng);
    case 'rose': {
      let s = `<g transform="rotate(${f(rng() * 360)} ${f(x)} ${f(y)})">`;
      for (let i = 0; i < 5; i++) {
        const a = (i / 5) * Math.PI * 2;
        s += `<circle cx="${f(x + Math.cos(a) * r * 0.42)}" cy="${f(y + Math.sin(a) * r * 0.42)}" r="${f(r * 0.58)}" fill="${c}" stroke="${e}" stroke-width="${sw}"/>`;
      }
      s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.62)}" fill="${lighten(c, 0.08)}" stroke="${e}" stroke-width="${sw}"/>`;
      s += `<path d="M${f(x - r * 0.4)} ${f(y)} A${f(r * 0.4)} ${f(r * 0.4)} 0 0 1 ${f(x + r * 0.38)} ${f(y + r * 0.05)} A${f(r * 0.3)} ${f(r * 0.3)} 0 0 1 ${f(x - r * 0.15)} ${f(y + r * 0.22)} A${f(r * 0.18)} ${f(r * 0.18)} 0 0 1 ${f(x + r * 0.1)} ${f(y - r * 0.12)}" fill="none" stroke="${e}" stroke-width="${sw}" stroke-linecap="round"/>`;
      return `${s}</g>`;
    }
    case 'peony': {
      let s = '';
      for (const [ring, count, dist, size] of [
        [0, 9, 0.55, 0.5],
        [1, 7, 0.32, 0.42],
        [2, 5, 0.14, 0.3],
      ] as const) {
        const off = rng() * Math.PI;
        const fill = lighten(c, ring * 0.1);
        for (let i = 0; i < count; i++) {
          const a = off + (i / count) * Math.PI * 2;
          s += `<ellipse cx="${f(x + Math.cos(a) * r * dist)}" cy="${f(y + Math.sin(a) * r * dist)}" rx="${f(r * size)}" ry="${f(r * size * 0.8)}" fill="${fill}" stroke="${e}" stroke-width="${sw}" stroke-opacity="0.6" transform="rotate(${f((a * 180) / Math.PI)} ${f(x + Math.cos(a) * r * dist)} ${f(y + Math.sin(a) * r * dist)})"/>`;
        }
      }
      return s;
    }
    case 'tulip': {
      const d = `M${f(x - r * 0.75)} ${f(y - r * 0.35)} Q${f(x - r * 0.85)} ${f(y + r * 0.85)} ${f(x)} ${f(y + r * 0.85)} Q${f(x + r * 0.85)} ${f(y + r * 0.85)} ${f(x + r * 0.75)} ${f(y - r * 0.35)} L${f(x + r * 0.38)} ${f(y)} L${f(x)} ${f(y - r * 0.7)} L${f(x - r * 0.38)} ${f(y)}Z`;
      return `<path d="${d}" fill="${c}" stroke="${e}" stroke-width="${sw}" stroke-linejoin="round"/><path d="M${f(x)} ${f(y - r * 0.55)} Q${f(x - r * 0.25)} ${f(y + r * 0.3)} ${f(x)} ${f(y + r * 0.8)}" fill="none" stroke="${e}" stroke-width="${sw}" stroke-opacity="0.6"/>`;
    }
    case 'daisy':
    case 'sunflower': {
      const sun = shape === 'sunflower';
      const n = sun ? 18 : 14;
      const off = rng() * 30;
      let s = '';
      for (let i = 0; i < n; i++) {
        const a = off + (i * 360) / n;
        s += `<ellipse cx="${f(x + r * 0.55)}" cy="${f(y)}" rx="${f(r * 0.45)}" ry="${f(r * (sun ? 0.15 : 0.17))}" fill="${c}" stroke="${e}" stroke-width="${sw}" transform="rotate(${f(a)} ${f(x)} ${f(y)})"/>`;
      }
      const heart = sun ? '#5D4037' : color.toUpperCase() === '#FBC02D' ? '#8D6E63' : '#F9A825';
      s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * (sun ? 0.4 : 0.26))}" fill="${heart}" stroke="${darken(heart, 0.3)}" stroke-width="${sw}"/>`;
      if (sun) {
        for (let i = 0; i < 10; i++) {
          const a = rng() * Math.PI * 2;
          const d = rng() * r * 0.3;
          s += `<circle cx="${f(x + Math.cos(a) * d)}" cy="${f(y + Math.sin(a) * d)}" r="${f(r * 0.04)}" fill="#3E2723"/>`;
        }
      }
      return s;
    }
    case 'lily': {
      let s = '';
      const off = rng() * 60;
      for (let i = 0; i < 6; i++) {
        const a = off + i * 60;
        s += `<path d="M${f(x)} ${f(y)} Q${f(x + r * 0.5)} ${f(y - r * 0.32)} ${f(x + r)} ${f(y)} Q${f(x + r * 0.5)} ${f(y + r * 0.32)} ${f(x)} ${f(y)}Z" fill="${c}" stroke="${e}" stroke-width="${sw}" transform="rotate(${f(a)} ${f(x)} ${f(y)})"/>`;
      }
      for (let i = 0; i < 6; i++) {
        const a = ((off + i * 60 + 30) * Math.PI) / 180;
        const ex = x + Math.cos(a) * r * 0.55;
        const ey = y + Math.sin(a) * r * 0.55;
        s += `<path d="M${f(x)} ${f(y)} L${f(ex)} ${f(ey)}" stroke="#7CB342" stroke-width="${sw}"/><circle cx="${f(ex)}" cy="${f(ey)}" r="${f(r * 0.06)}" fill="#8D4B1F"/>`;
      }
      return s;
    }
    case 'orchid': {
      let s = '';
      for (const a of [-90, 30, 150]) {
        s += `<ellipse cx="${f(x + r * 0.45)}" cy="${f(y)}" rx="${f(r * 0.5)}" ry="${f(r * 0.2)}" fill="${c}" stroke="${e}" stroke-width="${sw}" transform="rotate(${a} ${f(x)} ${f(y)})"/>`;
      }
      for (const a of [-20, 200]) {
        s += `<ellipse cx="${f(x + r * 0.45)}" cy="${f(y)}" rx="${f(r * 0.48)}" ry="${f(r * 0.36)}" fill="${lighten(c, 0.08)}" stroke="${e}" stroke-width="${sw}" transform="rotate(${a} ${f(x)} ${f(y)})"/>`;
      }
      const lip = color.toUpperCase() === '#FFFFFF' ? '#F06292' : darken(c, 0.35);
      s += `<ellipse cx="${f(x)}" cy="${f(y + r * 0.25)}" rx="${f(r * 0.2)}" ry="${f(r * 0.26)}" fill="${lip}"/><circle cx="${f(x)}" cy="${f(y - r * 0.05)}" r="${f(r * 0.09)}" fill="#FFF59D"/>`;
      return s;
    }
    case 'hydrangea': {
      let s = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.95)}" fill="${darken(c, 0.1)}"/>`;
      for (let i = 0; i < 26; i++) {
        const a = i * 2.39996;
        const d = r * 0.8 * Math.sqrt((i + 0.5) / 26);
        const fx = x + Math.cos(a) * d;
        const fy = y + Math.sin(a) * d;
        const fc = mix(c, i % 3 === 0 ? '#9FA8DA' : '#FFFFFF', 0.12 + rng() * 0.18);
        const pr = r * 0.14;
        s += `<g transform="rotate(${f(rng() * 90)} ${f(fx)} ${f(fy)})">`;
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          s += `<circle cx="${f(fx + dx * pr * 0.8)}" cy="${f(fy + dy * pr * 0.8)}" r="${f(pr)}" fill="${fc}" stroke="${e}" stroke-width="${f(Number(sw) * 0.6)}" stroke-opacity="0.5"/>`;
        }
        s += `</g>`;
      }
      return s;
    }
    case 'calla': {
      const d = `M${f(x)} ${f(y + r)} C${f(x - r * 0.9)} ${f(y + r * 0.2)} ${f(x - r * 0.7)} ${f(y - r * 0.8)} ${f(x + r * 0.1)} ${f(y - r)} C${f(x + r * 0.4)} ${f(y - r * 0.6)} ${f(x + r * 0.8)} ${f(y - r * 0.3)} ${f(x + r * 0.6)} ${f(y + r * 0.1)} C${f(x + r * 0.4)} ${f(y + r * 0.4)} ${f(x + r * 0.2)} ${f(y + r * 0.6)} ${f(x)} ${f(y + r)}Z`;
      return `<path d="${d}" fill="${c}" stroke="${e}" stroke-width="${sw}"/><path d="M${f(x)} ${f(y + r * 0.6)} Q${f(x + r * 0.05)} ${f(y - r * 0.1)} ${f(x + r * 0.12)} ${f(y - r * 0.35)}" stroke="#F9A825" stroke-width="${f(r * 0.1)}" stroke-linecap="round" fill="none"/>`;
    }
    case 'spike': {
      let s = '';
      for (let i = 0; i < 9; i++) {
        const yy = y + r - (i * r * 2) / 9;
        const sz = r * (0.16 - i * 0.008);
        s += `<ellipse cx="${f(x - sz * 0.6)}" cy="${f(yy)}" rx="${f(sz)}" ry="${f(sz * 0.6)}" fill="${c}" stroke="${e}" stroke-width="${sw}" transform="rotate(-30 ${f(x - sz * 0.6)} ${f(yy)})"/>`;
        s += `<ellipse cx="${f(x + sz * 0.6)}" cy="${f(yy - sz * 0.4)}" rx="${f(sz)}" ry="${f(sz * 0.6)}" fill="${c}" stroke="${e}" stroke-width="${sw}" transform="rotate(30 ${f(x + sz * 0.6)} ${f(yy - sz * 0.4)})"/>`;
      }
      return s;
    }
    case 'pampas': {
      let s = '';
      for (let i = 0; i < 22; i++) {
        const t = i / 21;
        const yy = y + r - t * r * 2;
        const w = r * 0.42 * Math.sin(Math.PI * (0.15 + t * 0.8));
        s += `<ellipse cx="${f(x + (rng() - 0.5) * r * 0.1)}" cy="${f(yy)}" rx="${f(w)}" ry="${f(r * 0.16)}" fill="${mix(c, '#FFFFFF', rng() * 0.3)}" fill-opacity="0.55"/>`;
      }
      return s;
    }
  }
}

// ---------------------------------------------------------------- compositions

function background(S: number, rng: Rng, warm: boolean): string {
  const base = warm ? pick(rng, ['#F6EEE3', '#F8F0E6', '#F3EBDD']) : pick(rng, BACKGROUNDS);
  const spot = lighten(base, 0.6);
  let s = `<rect width="${S}" height="${S}" fill="${base}"/>`;
  s += `<circle cx="${f(S * (0.35 + rng() * 0.3))}" cy="${f(S * (0.3 + rng() * 0.2))}" r="${f(S * 0.42)}" fill="${spot}"/>`;
  for (let i = 0; i < 7; i++) {
    s += `<circle cx="${f(rng() * S)}" cy="${f(rng() * S)}" r="${f(S * (0.006 + rng() * 0.012))}" fill="${darken(base, 0.08)}" fill-opacity="0.5"/>`;
  }
  s += `<ellipse cx="${S / 2}" cy="${f(S * 0.955)}" rx="${f(S * 0.3)}" ry="${f(S * 0.025)}" fill="#000" fill-opacity="0.07"/>`;
  return s;
}

function bouquet(S: number, colors: string[], shape: Bloom, rng: Rng): string {
  const palette = colors.length > 0 ? colors : MIX_PALETTE;
  const cx = S / 2;
  const cy = S * 0.38;
  const R = S * 0.27;
  const paper = pick(rng, ['#E8D5B7', '#F3E5D8', '#E3EDE4', '#EADCF0', '#F5E1E6']);
  let s = '';
  // stems below the wrap
  for (let i = 0; i < 7; i++) {
    const bx = cx + (i - 3) * S * 0.012;
    s += `<path d="M${f(cx)} ${f(S * 0.7)} L${f(bx)} ${f(S * 0.94)}" stroke="#558B2F" stroke-width="${f(S * 0.009)}"/>`;
  }
  // back paper
  s += `<path d="M${f(S * 0.14)} ${f(S * 0.3)} L${f(S * 0.86)} ${f(S * 0.3)} L${f(S * 0.56)} ${f(S * 0.8)} L${f(S * 0.44)} ${f(S * 0.8)}Z" fill="${lighten(paper, 0.35)}" stroke="${darken(paper, 0.15)}" stroke-width="2"/>`;
  // leaves
  for (let i = 0; i < 9; i++) {
    const a = -160 + (i / 8) * 140 + (rng() - 0.5) * 12;
    const rad = (a * Math.PI) / 180;
    s += leaf(cx + Math.cos(rad) * R * 0.5, cy + Math.sin(rad) * R * 0.5, S * (0.17 + rng() * 0.06), S * 0.06, a, pick(rng, LEAF));
  }
  // blooms, phyllotaxis in a dome, back to front
  const n = shape === 'hydrangea' ? 5 : shape === 'sunflower' || shape === 'lily' ? 7 : 11 + Math.floor(rng() * 4);
  const br = shape === 'hydrangea' ? S * 0.13 : shape === 'sunflower' || shape === 'lily' ? S * 0.1 : S * 0.075;
  const spots = Array.from({ length: n }, (_, i) => {
    const a = i * 2.39996 + rng() * 0.3;
    const d = R * 0.82 * Math.sqrt((i + 0.5) / n);
    return { x: cx + Math.cos(a) * d, y: cy + Math.sin(a) * d * 0.78, i };
  }).sort((a, b) => a.y - b.y);
  for (const p of spots) {
    // Mixed bouquets get a few white or green accents between the main colours.
    const col = palette[(p.i + Math.floor(rng() * 2)) % palette.length];
    s += bloom(shape, p.x, p.y, br * (0.85 + rng() * 0.3), col, rng);
  }
  // filler dots (gypsophila)
  for (let i = 0; i < 14; i++) {
    const a = rng() * Math.PI * 2;
    const d = R * (0.85 + rng() * 0.2);
    s += `<circle cx="${f(cx + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d * 0.78)}" r="${f(S * 0.008)}" fill="#FFFFFF" stroke="#DDD" stroke-width="1"/>`;
  }
  // front wrap and ribbon
  s += `<path d="M${f(S * 0.24)} ${f(S * 0.52)} Q${cx} ${f(S * 0.6)} ${f(S * 0.76)} ${f(S * 0.52)} L${f(S * 0.55)} ${f(S * 0.86)} L${f(S * 0.45)} ${f(S * 0.86)}Z" fill="${paper}" stroke="${darken(paper, 0.2)}" stroke-width="2"/>`;
  s += `<path d="M${f(S * 0.36)} ${f(S * 0.55)} L${f(S * 0.47)} ${f(S * 0.84)}" stroke="${darken(paper, 0.12)}" stroke-width="2" fill="none"/>`;
  const ribbon = darken(palette[0] === '#FFFFFF' ? '#C9A66B' : palette[0], 0.1);
  const ry = S * 0.72;
  s += `<ellipse cx="${f(cx - S * 0.04)}" cy="${f(ry)}" rx="${f(S * 0.045)}" ry="${f(S * 0.022)}" fill="${ribbon}" transform="rotate(-20 ${f(cx - S * 0.04)} ${f(ry)})"/>`;
  s += `<ellipse cx="${f(cx + S * 0.04)}" cy="${f(ry)}" rx="${f(S * 0.045)}" ry="${f(S * 0.022)}" fill="${ribbon}" transform="rotate(20 ${f(cx + S * 0.04)} ${f(ry)})"/>`;
  s += `<path d="M${f(cx)} ${f(ry)} L${f(cx - S * 0.03)} ${f(ry + S * 0.08)} M${f(cx)} ${f(ry)} L${f(cx + S * 0.035)} ${f(ry + S * 0.075)}" stroke="${ribbon}" stroke-width="${f(S * 0.012)}" stroke-linecap="round"/>`;
  s += `<circle cx="${f(cx)}" cy="${f(ry)}" r="${f(S * 0.014)}" fill="${darken(ribbon, 0.2)}"/>`;
  return s;
}

function stem(S: number, color: string, shape: Bloom, rng: Rng): string {
  const top = { x: S * (0.47 + rng() * 0.06), y: S * 0.3 };
  const bottom = { x: S * 0.5, y: S * 0.95 };
  const ctrl = { x: S * (0.42 + rng() * 0.16), y: S * 0.62 };
  let s = `<path d="M${f(bottom.x)} ${f(bottom.y)} Q${f(ctrl.x)} ${f(ctrl.y)} ${f(top.x)} ${f(top.y)}" stroke="#4E8A32" stroke-width="${f(S * 0.016)}" fill="none" stroke-linecap="round"/>`;
  const lc = pick(rng, LEAF);
  s += leaf(S * 0.5, S * 0.7, S * 0.2, S * 0.07, -30 - rng() * 20, lc);
  s += leaf(S * 0.5, S * 0.58, S * 0.18, S * 0.065, -150 + rng() * 20, lc);
  if (rng() > 0.5) s += leaf(S * 0.5, S * 0.82, S * 0.15, S * 0.055, -20, pick(rng, LEAF));
  if (shape === 'spike' || shape === 'pampas') return s + bloom(shape, top.x, top.y, S * 0.16, color, rng);
  if (shape === 'orchid') {
    let spray = `<path d="M${f(top.x)} ${f(top.y)} Q${f(top.x + S * 0.2)} ${f(top.y - S * 0.12)} ${f(top.x + S * 0.28)} ${f(top.y + S * 0.08)}" stroke="#4E8A32" stroke-width="${f(S * 0.01)}" fill="none"/>`;
    for (let i = 0; i < 5; i++) {
      const t = i / 4;
      spray += bloom(
        'orchid',
        top.x + t * S * 0.26 - S * 0.02,
        top.y - S * 0.08 * Math.sin(Math.PI * t) + t * S * 0.06,
        S * (0.1 - t * 0.02),
        color,
        rng,
      );
    }
    return s + spray;
  }
  if (shape === 'tulip' || shape === 'calla') return s + bloom(shape, top.x, top.y - S * 0.04, S * 0.14, color, rng);
  return s + bloom(shape, top.x, top.y - S * 0.03, S * 0.17, color, rng);
}

function dried(S: number, colors: string[], shape: Bloom, rng: Rng): string {
  const muted = (c: string) => mix(c === '#FFFFFF' ? '#F2E8D5' : c, '#D7C4A3', 0.35);
  const palette = (colors.length > 0 ? colors : ['#FB8C00', '#F48FB1']).map(muted);
  const vase = pick(rng, ['#C97B4A', '#E9DFD0', '#B5894F', '#8FA39A']);
  const cx = S / 2;
  let s = '';
  const stems = 9;
  const tops: { x: number; y: number }[] = [];
  for (let i = 0; i < stems; i++) {
    const a = ((-140 + (i / (stems - 1)) * 100 + (rng() - 0.5) * 10) * Math.PI) / 180;
    const len = S * (0.42 + rng() * 0.14);
    const tx = cx + Math.cos(a) * len;
    const ty = S * 0.68 + Math.sin(a) * len;
    tops.push({ x: tx, y: ty });
    s += `<path d="M${f(cx)} ${f(S * 0.72)} Q${f(cx + (tx - cx) * 0.3)} ${f(S * 0.5)} ${f(tx)} ${f(ty)}" stroke="#8D7B5A" stroke-width="${f(S * 0.006)}" fill="none"/>`;
  }
  tops.forEach((p, i) => {
    const kind: Bloom =
      shape === 'mix'
        ? (['pampas', 'spike', 'daisy', 'rose', 'pampas', 'spike'] as const)[i % 6]
        : shape === 'pampas' || shape === 'spike'
          ? shape
          : i % 3 === 1
            ? 'pampas'
            : shape;
    const col = kind === 'pampas' ? (shape === 'pampas' ? palette[0] : '#EADBC4') : palette[i % palette.length];
    const r = kind === 'pampas' ? S * 0.12 : kind === 'spike' ? S * 0.09 : kind === 'hydrangea' ? S * 0.1 : S * 0.06;
    s += bloom(kind, p.x, p.y, r, col, rng);
  });
  // vase
  s += `<path d="M${f(S * 0.4)} ${f(S * 0.66)} Q${f(S * 0.3)} ${f(S * 0.8)} ${f(S * 0.38)} ${f(S * 0.95)} L${f(S * 0.62)} ${f(S * 0.95)} Q${f(S * 0.7)} ${f(S * 0.8)} ${f(S * 0.6)} ${f(S * 0.66)}Z" fill="${vase}" stroke="${darken(vase, 0.2)}" stroke-width="2"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(S * 0.66)}" rx="${f(S * 0.1)}" ry="${f(S * 0.018)}" fill="${darken(vase, 0.25)}"/>`;
  s += `<path d="M${f(S * 0.36)} ${f(S * 0.82)} L${f(S * 0.64)} ${f(S * 0.82)}" stroke="${lighten(vase, 0.35)}" stroke-width="${f(S * 0.012)}"/>`;
  return s;
}

function pot(S: number, rng: Rng): string {
  const zellige = rng() < 0.35;
  const base = zellige ? '#1565C0' : pick(rng, ['#C8643B', '#E6DCCD', '#B86B45', '#FFFFFF']);
  let s = `<path d="M${f(S * 0.32)} ${f(S * 0.68)} L${f(S * 0.68)} ${f(S * 0.68)} L${f(S * 0.63)} ${f(S * 0.95)} L${f(S * 0.37)} ${f(S * 0.95)}Z" fill="${base}" stroke="${darken(base, 0.25)}" stroke-width="2"/>`;
  s += `<rect x="${f(S * 0.3)}" y="${f(S * 0.65)}" width="${f(S * 0.4)}" height="${f(S * 0.06)}" rx="${f(S * 0.01)}" fill="${darken(base, 0.08)}" stroke="${darken(base, 0.25)}" stroke-width="2"/>`;
  if (zellige) {
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 5; col++) {
        const x = S * (0.39 + col * 0.055 - row * 0.005 + (row % 2) * 0.027);
        const y = S * (0.76 + row * 0.06);
        s += `<rect x="${f(x - S * 0.014)}" y="${f(y - S * 0.014)}" width="${f(S * 0.028)}" height="${f(S * 0.028)}" fill="${(row + col) % 2 ? '#FFFFFF' : '#FBC02D'}" transform="rotate(45 ${f(x)} ${f(y)})"/>`;
      }
    }
  }
  return s;
}

function plant(S: number, colors: string[], shape: PlantShape, rng: Rng): string {
  const cx = S / 2;
  const soilY = S * 0.67;
  const flowers = colors.filter((c) => c !== '#43A047');
  let s = '';
  switch (shape) {
    case 'monstera':
    case 'leafy': {
      const n = shape === 'monstera' ? 7 : 8;
      for (let i = 0; i < n; i++) {
        const a = -160 + (i / (n - 1)) * 140;
        const rad = (a * Math.PI) / 180;
        const len = S * (0.3 + rng() * 0.12);
        const ex = cx + Math.cos(rad) * len;
        const ey = soilY + Math.sin(rad) * len;
        s += `<path d="M${f(cx)} ${f(soilY)} Q${f(cx + (ex - cx) * 0.4)} ${f(ey + S * 0.1)} ${f(ex)} ${f(ey)}" stroke="#4E8A32" stroke-width="${f(S * 0.008)}" fill="none"/>`;
        const col = pick(rng, LEAF);
        if (shape === 'monstera') {
          const r = S * (0.1 + rng() * 0.03);
          s += `<g transform="rotate(${f(a + 90)} ${f(ex)} ${f(ey)})"><path d="M${f(ex)} ${f(ey + r)} C${f(ex - r * 1.4)} ${f(ey + r * 0.2)} ${f(ex - r)} ${f(ey - r * 1.2)} ${f(ex)} ${f(ey - r * 0.7)} C${f(ex + r)} ${f(ey - r * 1.2)} ${f(ex + r * 1.4)} ${f(ey + r * 0.2)} ${f(ex)} ${f(ey + r)}Z" fill="${col}"/>`;
          for (const side of [-1, 1]) {
            for (let k = 0; k < 3; k++) {
              const yy = ey - r * 0.4 + k * r * 0.45;
              s += `<path d="M${f(ex + side * r * 0.35)} ${f(yy)} L${f(ex + side * r * 1.2)} ${f(yy - r * 0.15)}" stroke="${lighten(col, 0.75)}" stroke-width="${f(S * 0.008)}"/>`;
            }
          }
          s += `<path d="M${f(ex)} ${f(ey + r)} L${f(ex)} ${f(ey - r * 0.6)}" stroke="${darken(col, 0.25)}" stroke-width="2"/></g>`;
        } else {
          s += leaf(cx, soilY, len * 1.15, S * 0.09, a, col);
        }
      }
      if (shape === 'leafy' && flowers.length > 0) {
        for (const [x, y] of [
          [cx - S * 0.1, S * 0.32],
          [cx + S * 0.12, S * 0.38],
        ]) {
          s += `<path d="M${f(x)} ${f(y)} L${f(x + S * 0.13)} ${f(y - S * 0.02)} L${f(x)} ${f(y + S * 0.03)}Z" fill="#5C6BC0"/>`;
          for (let k = 0; k < 3; k++) {
            s += `<path d="M${f(x + S * 0.02)} ${f(y)} L${f(x + S * (0.02 + k * 0.03))} ${f(y - S * 0.12)} L${f(x + S * (0.05 + k * 0.03))} ${f(y - S * 0.01)}Z" fill="${flowers[0]}"/>`;
          }
        }
      }
      break;
    }
    case 'tree': {
      s += `<path d="M${f(cx)} ${f(soilY)} Q${f(cx - S * 0.03)} ${f(S * 0.5)} ${f(cx + S * 0.01)} ${f(S * 0.35)}" stroke="#6D4C41" stroke-width="${f(S * 0.03)}" fill="none" stroke-linecap="round"/>`;
      const olive = rng() < 0.5;
      for (let i = 0; i < 60; i++) {
        const a = rng() * Math.PI * 2;
        const d = Math.sqrt(rng()) * S * 0.22;
        const x = cx + Math.cos(a) * d;
        const y = S * 0.3 + Math.sin(a) * d * 0.8;
        s += leaf(
          x,
          y,
          S * (olive ? 0.06 : 0.1),
          S * (olive ? 0.018 : 0.06),
          rng() * 360,
          olive ? pick(rng, ['#7D8F69', '#8A9A5B', '#6B7F5A']) : pick(rng, LEAF),
        );
      }
      break;
    }
    case 'succulent': {
      const groups =
        rng() < 0.5
          ? [{ x: cx, y: S * 0.58, r: S * 0.2 }]
          : [
              { x: cx - S * 0.09, y: S * 0.6, r: S * 0.12 },
              { x: cx + S * 0.1, y: S * 0.58, r: S * 0.13 },
              { x: cx, y: S * 0.52, r: S * 0.1 },
            ];
      const tip = flowers[0] ?? '#B0BEC5';
      for (const g of groups) {
        for (const [ring, count, len] of [
          [0, 10, 1],
          [1, 8, 0.72],
          [2, 6, 0.45],
        ] as const) {
          for (let i = 0; i < count; i++) {
            const a = (i / count) * 360 + ring * 17;
            const col = mix('#7FB3A0', '#4C8C73', ring * 0.35);
            const rad = (a * Math.PI) / 180;
            const lx = g.x + Math.cos(rad) * g.r * len;
            const ly = g.y + Math.sin(rad) * g.r * len * 0.6;
            s += `<path d="M${f(g.x)} ${f(g.y)} Q${f((g.x + lx) / 2 + Math.sin(rad) * g.r * 0.2)} ${f((g.y + ly) / 2 - Math.cos(rad) * g.r * 0.12)} ${f(lx)} ${f(ly)} Q${f((g.x + lx) / 2 - Math.sin(rad) * g.r * 0.2)} ${f((g.y + ly) / 2 + Math.cos(rad) * g.r * 0.12)} ${f(g.x)} ${f(g.y)}Z" fill="${col}" stroke="${mix(col, tip, 0.6)}" stroke-width="${f(S * 0.004)}"/>`;
          }
        }
      }
      break;
    }
    case 'cactus': {
      const body = '#5A9A5A';
      const arms = [
        { x: cx, y: S * 0.2, w: S * 0.11, h: S * 0.5 },
        { x: cx - S * 0.12, y: S * 0.4, w: S * 0.07, h: S * 0.2 },
        { x: cx + S * 0.12, y: S * 0.33, w: S * 0.07, h: S * 0.22 },
      ];
      s += `<path d="M${f(cx - S * 0.05)} ${f(S * 0.55)} L${f(cx - S * 0.12)} ${f(S * 0.55)} M${f(cx + S * 0.05)} ${f(S * 0.5)} L${f(cx + S * 0.12)} ${f(S * 0.5)}" stroke="${body}" stroke-width="${f(S * 0.06)}" stroke-linecap="round"/>`;
      for (const a of arms) {
        s += `<rect x="${f(a.x - a.w / 2)}" y="${f(a.y)}" width="${f(a.w)}" height="${f(a.h)}" rx="${f(a.w / 2)}" fill="${body}" stroke="${darken(body, 0.25)}" stroke-width="2"/>`;
        for (const k of [-0.22, 0, 0.22]) {
          s += `<path d="M${f(a.x + k * a.w)} ${f(a.y + a.w * 0.4)} L${f(a.x + k * a.w)} ${f(a.y + a.h - a.w * 0.2)}" stroke="${darken(body, 0.2)}" stroke-width="2"/>`;
        }
        for (let i = 0; i < 10; i++) {
          s += `<circle cx="${f(a.x + (rng() - 0.5) * a.w * 0.7)}" cy="${f(a.y + a.w * 0.3 + rng() * (a.h - a.w * 0.5))}" r="${f(S * 0.003)}" fill="#F5F5DC"/>`;
        }
      }
      s += `<circle cx="${f(cx)}" cy="${f(S * 0.21)}" r="${f(S * 0.025)}" fill="#F06292"/>`;
      break;
    }
    case 'orchid': {
      for (const a of [-170, -10, -150, -30]) s += leaf(cx, soilY - S * 0.01, S * 0.17, S * 0.08, a, '#3C7A3C');
      const col = flowers[0] ?? '#FFFFFF';
      s += `<path d="M${f(cx)} ${f(soilY)} L${f(cx - S * 0.02)} ${f(S * 0.25)} Q${f(cx + S * 0.05)} ${f(S * 0.1)} ${f(cx + S * 0.25)} ${f(S * 0.2)}" stroke="#5D7B3A" stroke-width="${f(S * 0.008)}" fill="none"/>`;
      s += `<path d="M${f(cx - S * 0.02)} ${f(S * 0.25)} L${f(cx - S * 0.005)} ${f(soilY)}" stroke="#8D6E63" stroke-width="${f(S * 0.006)}"/>`;
      const pts = [
        [cx - S * 0.04, S * 0.3],
        [cx - S * 0.02, S * 0.17],
        [cx + S * 0.06, S * 0.12],
        [cx + S * 0.15, S * 0.14],
        [cx + S * 0.24, S * 0.22],
        [cx - S * 0.1, S * 0.42],
      ];
      pts.forEach(([x, y], i) => {
        s += bloom('orchid', x, y, S * (0.085 - i * 0.004), col, rng);
      });
      break;
    }
    case 'herb':
    case 'bloom': {
      const leafColor = shape === 'herb' ? '#4CAF50' : '#558B2F';
      for (let i = 0; i < 70; i++) {
        const a = -Math.PI * (0.05 + rng() * 0.9);
        const d = S * (0.05 + rng() * 0.27);
        const x = cx + Math.cos(a) * d * 1.1;
        const y = soilY - 5 + Math.sin(a) * d;
        s += leaf(x, y, S * (0.045 + rng() * 0.03), S * 0.035, rng() * 360, mix(leafColor, pick(rng, LEAF), rng() * 0.5));
      }
      if (shape === 'herb') {
        // trailing vines over the pot
        for (const side of [-1, 1]) {
          for (let k = 0; k < 5; k++) {
            s += leaf(cx + side * S * (0.18 + k * 0.012), soilY + k * S * 0.045, S * 0.06, S * 0.045, side > 0 ? 30 : 150, pick(rng, LEAF));
          }
        }
      } else {
        const palette = flowers.length > 0 ? flowers : ['#FFFFFF'];
        const small: Bloom = palette[0] === '#8E24AA' ? 'spike' : 'daisy';
        for (let i = 0; i < (small === 'spike' ? 9 : 24); i++) {
          const a = -Math.PI * (0.08 + rng() * 0.84);
          const d = S * (0.1 + rng() * 0.24);
          s += bloom(
            small,
            cx + Math.cos(a) * d * 1.1,
            soilY - 10 + Math.sin(a) * d,
            small === 'spike' ? S * 0.06 : S * 0.028,
            palette[i % palette.length],
            rng,
          );
        }
      }
      break;
    }
  }
  return s + pot(S, rng);
}

/**
 * The one product colour a picture shows: a single stem's picture `variant` is drawn in its colour
 * number `variant` (round the list), so the shop can show the stem in the colour chosen. Pictures of
 * several colours (bouquets, dried flowers, plants) show none.
 */
export function shownColour<T>(art: Art, colors: readonly T[], variant: number): T | null {
  return art.kind === 'stem' && colors.length > 0 ? colors[variant % colors.length]! : null;
}

/**
 * A square SVG picture. `colors` are hex codes (product colours); `variant` picks another layout
 * (and, for single stems, another colour) for a second picture.
 */
export function drawArt(art: Art, colors: string[], seed: number, size = 1024, variant = 0): string {
  const rng = seededRandom(seed * 31 + variant * 7919 + 1);
  const S = size;
  let body = background(S, rng, art.kind === 'dried');
  switch (art.kind) {
    case 'bouquet':
      body += bouquet(S, colors, art.bloom ?? 'mix', rng);
      break;
    case 'stem':
      body += stem(S, shownColour(art, colors, variant) ?? '#D32F2F', art.bloom ?? 'rose', rng);
      break;
    case 'dried':
      body += dried(S, colors, art.bloom ?? 'mix', rng);
      break;
    case 'plant':
      body += plant(S, colors, art.plant ?? 'leafy', rng);
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">${body}</svg>`;
}
