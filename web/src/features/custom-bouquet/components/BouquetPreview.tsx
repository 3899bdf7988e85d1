import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui';
import { stemCount, type CustomLine } from '../selection';

/** Heads drawn at most; beyond, a "+n" badge. */
export const MAX_HEADS = 19;

/** Dome slots (x, y, scale), from the centre outwards, so any count looks like a bouquet. */
const SLOTS: [number, number, number][] = [
  [150, 92, 1],
  [118, 112, 0.95],
  [182, 112, 0.95],
  [150, 128, 0.95],
  [92, 140, 0.9],
  [208, 140, 0.9],
  [124, 150, 0.9],
  [176, 150, 0.9],
  [134, 76, 0.85],
  [166, 76, 0.85],
  [72, 172, 0.85],
  [228, 172, 0.85],
  [104, 176, 0.85],
  [196, 176, 0.85],
  [150, 166, 0.85],
  [102, 98, 0.8],
  [198, 98, 0.8],
  [82, 120, 0.8],
  [218, 120, 0.8],
];

const BIND = { x: 150, y: 252 };
const FALLBACK = '#d98aa0';

/** Spreads the colours: one head of each line in turn, so a bouquet of 3 red + 2 white mixes them. */
export function headColors(lines: CustomLine[], max = MAX_HEADS): string[] {
  const left = lines.map((l) => ({ hex: l.selectedColor?.hex_code || FALLBACK, n: l.quantity }));
  const out: string[] = [];
  while (out.length < max && left.some((l) => l.n > 0)) {
    for (const l of left) {
      if (l.n > 0 && out.length < max) {
        out.push(l.hex);
        l.n--;
      }
    }
  }
  return out;
}

/** Light colours (white, cream) get a darker outline to stay visible on the light background. */
function isLight(hex: string): boolean {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return false;
  const n = Number.parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 215;
}

function Head({ x, y, scale, color, index }: { x: number; y: number; scale: number; color: string; index: number }) {
  const light = isLight(color);
  const petals = 6;
  return (
    <g
      transform={`translate(${x} ${y}) scale(${scale})`}
      className="bouquet-head"
      style={{ animationDelay: `${Math.min(index, 10) * 30}ms` }}
    >
      {Array.from({ length: petals }, (_, i) => (
        <ellipse
          key={i}
          cx="0"
          cy="-11"
          rx="9"
          ry="13"
          fill={color}
          stroke={light ? '#cdbfae' : 'rgba(0,0,0,0.12)'}
          strokeWidth="1"
          transform={`rotate(${(360 / petals) * i + index * 17})`}
        />
      ))}
      <circle r="8" fill={color} stroke={light ? '#cdbfae' : 'rgba(0,0,0,0.18)'} strokeWidth="1" />
      <circle r="4" fill={light ? '#e8d9a8' : 'rgba(0,0,0,0.22)'} />
    </g>
  );
}

type Props = { lines: CustomLine[]; className?: string };

/**
 * The bouquet being composed, drawn live: one head per stem (up to MAX_HEADS, then "+n") in its
 * colour, over green stems gathered in a kraft wrap with a ribbon. The text alternative lists the
 * stems ("Bouquet of 5 stems: 3 × Rose (Red), 2 × Tulip (White)").
 */
export function BouquetPreview({ lines, className }: Props) {
  const { t } = useTranslation('custom-bouquet');
  const titleId = useId();
  const count = stemCount(lines);
  const colors = useMemo(() => headColors(lines), [lines]);
  const extra = count - colors.length;

  const list = lines
    .map((l) =>
      l.selectedColor
        ? t('preview.lineColor', { count: l.quantity, name: l.name, color: l.selectedColor.name })
        : t('preview.line', { count: l.quantity, name: l.name }),
    )
    .join(', ');
  const alt = count === 0 ? t('preview.empty') : t(count === 1 ? 'preview.altOne' : 'preview.altMany', { count, list });

  // Slots beyond the drawn heads are not used; heads further out are drawn first (behind).
  const heads = colors.map((color, i) => ({ color, slot: SLOTS[i]!, i })).reverse();

  return (
    <figure className={cn('flex flex-col items-center', className)}>
      <svg viewBox="0 0 300 330" role="img" aria-labelledby={titleId} className="h-auto w-full max-w-72" data-testid="bouquet-preview">
        <title id={titleId}>{alt}</title>
        <style>{`
          .bouquet-head { transform-box: fill-box; transform-origin: center; animation: bouquet-pop 260ms ease-out both; }
          @keyframes bouquet-pop { from { opacity: 0; } to { opacity: 1; } }
          @media (prefers-reduced-motion: reduce) { .bouquet-head { animation: none; } }
        `}</style>
        {/* Greenery and stems */}
        <g stroke="#2f6b50" strokeWidth="3" strokeLinecap="round" fill="none">
          {heads.map(({ slot: [x, y], i }) => (
            <path key={`s${i}`} d={`M${x} ${y + 10} Q${(x + BIND.x) / 2} ${(y + BIND.y) / 2 + 10} ${BIND.x} ${BIND.y}`} />
          ))}
          <path d="M150 300 L150 252" />
        </g>
        <g fill="#3f7a5e" opacity={count === 0 ? 0.35 : 0.9}>
          <ellipse cx="96" cy="200" rx="26" ry="9" transform="rotate(-35 96 200)" />
          <ellipse cx="204" cy="200" rx="26" ry="9" transform="rotate(35 204 200)" />
          <ellipse cx="124" cy="214" rx="20" ry="7" transform="rotate(-60 124 214)" />
          <ellipse cx="176" cy="214" rx="20" ry="7" transform="rotate(60 176 214)" />
        </g>
        {heads.map(({ color, slot: [x, y, s], i }) => (
          <Head key={`h${i}-${color}`} x={x} y={y} scale={s} color={color} index={i} />
        ))}
        {count === 0 && <circle cx="150" cy="120" r="62" fill="none" stroke="#c9b8a6" strokeWidth="2" strokeDasharray="6 7" />}
        {/* Kraft wrap and ribbon */}
        <path d="M88 214 L212 214 L170 318 L130 318 Z" fill="#e3cdb0" stroke="#c9ab86" strokeWidth="1.5" />
        <path d="M88 214 L150 236 L212 214" fill="none" stroke="#c9ab86" strokeWidth="1.5" />
        <g fill="#a63f55">
          <path d="M150 262 C132 248 120 256 124 266 C128 276 142 270 150 262 Z" />
          <path d="M150 262 C168 248 180 256 176 266 C172 276 158 270 150 262 Z" />
          <path d="M148 262 L138 292 L146 290 L150 264 Z" />
          <path d="M152 262 L162 292 L154 290 L150 264 Z" />
          <circle cx="150" cy="262" r="5" />
        </g>
        {extra > 0 && (
          <g>
            <circle cx="246" cy="60" r="24" fill="#1f4d3a" />
            <text x="246" y="66" textAnchor="middle" fontSize="17" fontWeight="600" fill="#ffffff">
              {`+${extra}`}
            </text>
          </g>
        )}
      </svg>
      <figcaption className="mt-2 text-center text-sm text-muted" aria-hidden="true">
        {count === 0 ? t('preview.empty') : t(count === 1 ? 'preview.captionOne' : 'preview.captionMany', { count })}
      </figcaption>
    </figure>
  );
}
