/**
 * A region of a server-drawn page that the browser takes over (hydrates) on its own, later: when it
 * nears the screen, when the visitor touches or focuses something in it, or when the browser is idle
 * after the first screen is done. Until then the server's HTML stays as it is (links work, text
 * reads), and the phone's main thread does the first screen's work first, in smaller pieces.
 *
 * How: the region is its own Suspense boundary (React hydrates each boundary separately), and inside
 * it a gate suspends during the page's first hydration until one of the moments above opens it.
 * React keeps the server's HTML of a boundary that suspends while hydrating, so nothing moves.
 *
 * Outside the first hydration (a page opened by a link in the app, the server-less fallback, tests)
 * there is no gate: the region renders as any other.
 *
 * An update that reaches a region not yet hydrated (new props from its page, a navigation starting,
 * the address changing) makes React hydrate it at once; the gate opens then, so the region hydrates
 * with that update instead of React dropping the server's HTML for the (empty) fallback.
 */
import { Suspense, use, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_DataRouterStateContext, UNSAFE_LocationContext } from 'react-router';

class Gate {
  opened = false;
  element: HTMLElement | null = null;
  private release!: () => void;
  readonly promise = new Promise<void>((resolve) => (this.release = resolve));
  open(): void {
    if (this.opened) return;
    this.opened = true;
    gates.delete(this);
    this.release();
  }
}

const gates = new Set<Gate>();
let firstHydration = false;

/**
 * Called by the browser's entry just before it hydrates a server-drawn page: regions drawn in that
 * hydration wait for their moment. Ends at the first commit of the app (`hydrationCommitted`).
 */
let listening = false;

export function hydrationStarting(): void {
  firstHydration = true;
  if (listening) return;
  listening = true;
  // A touch, click, key or focus inside a waiting region opens it before React sees the event, so
  // React hydrates that region at once and the event reaches it (React drops an event on content it
  // cannot hydrate).
  const onInput = (event: Event) => {
    if (gates.size === 0) return;
    const target = event.target instanceof Node ? event.target : null;
    for (const gate of [...gates]) if (target && gate.element?.contains(target)) gate.open();
  };
  for (const type of ['pointerdown', 'mousedown', 'touchstart', 'click', 'keydown', 'focusin', 'input']) {
    document.addEventListener(type, onInput, { capture: true, passive: true });
  }
}

/** Runs `fn` when the browser is idle (or soon, where it cannot tell). */
function whenIdle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 3_000 });
  else window.setTimeout(fn, 200);
}

/**
 * Runs `fn` once the page has loaded and the browser is then idle: for work the first screen does not
 * need. Returns a function that cancels it.
 */
export function afterStart(fn: () => void): () => void {
  let cancelled = false;
  const run = () => whenIdle(() => void (cancelled || fn()));
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
  };
}

/** The app's first commit is done: regions drawn from now on render at once. */
export function hydrationCommitted(): void {
  if (!firstHydration) return;
  firstHydration = false;
  // What did not near the screen hydrates when the browser has nothing else to do, one region per
  // idle moment (each its own short piece of work), after the page's load (its pictures first).
  const next = () => {
    const [gate] = gates;
    if (!gate) return;
    gate.open();
    whenIdle(next);
  };
  afterStart(next);
}

function GateKeeper({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate && !gate.opened) use(gate.promise);
  return children;
}

/** How far below the screen a region starts hydrating (about one phone screen). */
const AHEAD = '600px';

/** `as`: the element that holds the region (a `li` in a list), `div` by default. */
export function HydrateLater({ children, className, as: Tag = 'div' }: { children: ReactNode; className?: string; as?: 'div' | 'li' }) {
  const ref = useRef<HTMLDivElement & HTMLLIElement>(null);
  const [gate] = useState(() => (firstHydration ? new Gate() : null));
  // What reaches the region from above: its content, the address, and the data router's state (a
  // navigation starting changes it; null outside a data router). Read as contexts, so the region also
  // works outside a router.
  const location = useContext(UNSAFE_LocationContext);
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const drawn = useRef({ children, location, routerState });
  if (
    gate &&
    !gate.opened &&
    (drawn.current.children !== children || drawn.current.location !== location || drawn.current.routerState !== routerState)
  ) {
    gate.open();
  }
  useLayoutEffect(() => {
    if (!gate || gate.opened) return;
    gate.element = ref.current;
    gates.add(gate);
    return () => void gates.delete(gate);
  }, [gate]);
  useEffect(() => {
    const element = ref.current;
    if (!gate || gate.opened || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          gate.open();
        }
      },
      { rootMargin: `${AHEAD} 0px ${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [gate]);
  return (
    <Tag ref={ref} className={className}>
      <Suspense fallback={null}>
        <GateKeeper gate={gate}>{children}</GateKeeper>
      </Suspense>
    </Tag>
  );
}
