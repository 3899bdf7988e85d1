import { useCallback, useEffect, useRef, useState } from 'react';

/** A changed order field glows for 2 s: `flash(name)` marks a field for 2 seconds. */
export function useFlash(ms = 2000): [Set<string>, (name: string) => void] {
  const [active, setActive] = useState<Set<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach(clearTimeout);
  }, []);
  const flash = useCallback(
    (name: string) => {
      clearTimeout(timers.current.get(name));
      setActive((s) => new Set(s).add(name));
      timers.current.set(
        name,
        setTimeout(() => {
          setActive((s) => {
            const next = new Set(s);
            next.delete(name);
            return next;
          });
        }, ms),
      );
    },
    [ms],
  );
  return [active, flash];
}
