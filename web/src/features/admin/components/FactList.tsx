import type { ReactNode } from 'react';

/** A record's facts as label / value pairs (a customer's details, an admin's own profile); `className` lays out the grid. */
export function FactList({ facts, className }: { facts: [label: string, value: ReactNode][]; className: string }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium text-muted">{label}</dt>
          <dd className="mt-1 break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
