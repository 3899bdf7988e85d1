import { cn } from './cn';

/** A calm placeholder block shown only while data is really loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-sand', className)} />;
}
