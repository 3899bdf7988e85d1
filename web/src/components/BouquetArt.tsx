/** A drawn bouquet for places that have no photograph yet (decorative). */
export function BouquetArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 360" aria-hidden="true" focusable="false" className={className}>
      <g stroke="#2f6b50" strokeWidth="4" strokeLinecap="round" fill="none">
        <path d="M160 350 C158 290 150 240 120 180" />
        <path d="M160 350 C162 280 172 230 205 170" />
        <path d="M160 350 C160 280 160 220 160 140" />
        <path d="M160 350 C150 300 120 260 85 235" />
        <path d="M160 350 C172 300 200 265 238 245" />
      </g>
      <g fill="#3f7a5e">
        <ellipse cx="112" cy="262" rx="26" ry="10" transform="rotate(-35 112 262)" />
        <ellipse cx="206" cy="270" rx="26" ry="10" transform="rotate(30 206 270)" />
        <ellipse cx="140" cy="220" rx="22" ry="8" transform="rotate(-60 140 220)" />
        <ellipse cx="184" cy="214" rx="22" ry="8" transform="rotate(55 184 214)" />
      </g>
      <g>
        <circle cx="160" cy="118" r="40" fill="#f3c9cf" />
        <circle cx="160" cy="118" r="26" fill="#e7a3b0" />
        <circle cx="160" cy="118" r="12" fill="#a63f55" />
      </g>
      <g>
        <circle cx="108" cy="168" r="32" fill="#fbe3d6" />
        <circle cx="108" cy="168" r="19" fill="#f2b8a0" />
        <circle cx="108" cy="168" r="8" fill="#c46a4d" />
      </g>
      <g>
        <circle cx="214" cy="160" r="34" fill="#f7e6e4" />
        <circle cx="214" cy="160" r="21" fill="#f3c9cf" />
        <circle cx="214" cy="160" r="9" fill="#a63f55" />
      </g>
      <g>
        <circle cx="78" cy="226" r="22" fill="#fff7ea" stroke="#f1ebe2" strokeWidth="2" />
        <circle cx="78" cy="226" r="8" fill="#e8b64c" />
      </g>
      <g>
        <circle cx="244" cy="232" r="22" fill="#fff7ea" stroke="#f1ebe2" strokeWidth="2" />
        <circle cx="244" cy="232" r="8" fill="#e8b64c" />
      </g>
      <path d="M118 300 L160 350 L202 300 L190 292 L160 330 L130 292 Z" fill="#e4ddd2" />
    </svg>
  );
}
