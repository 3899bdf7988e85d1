import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater, hydrationCommitted, hydrationStarting } from './HydrateLater';

/** A counter: its button only counts once React has taken it over. */
function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {name} {count}
    </button>
  );
}

function Page() {
  return (
    <>
      <Counter name="top" />
      <HydrateLater className="below-fold">
        <Counter name="below" />
      </HydrateLater>
    </>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith(name))!;

describe('HydrateLater', () => {
  it('keeps the server HTML of its region and takes it over at the first tap in it, which then counts', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    expect(container.querySelector('div.below-fold')?.textContent).toBe('below 0');

    hydrationStarting();
    await act(async () => {
      root = hydrateRoot(container, <Page />);
    });
    act(() => hydrationCommitted());
    // The page's own part is live; the region still shows the server's HTML, not yet React's.
    act(() => button('top').click());
    expect(button('top').textContent).toBe('top 1');
    expect(Object.keys(button('below')).some((key) => key.startsWith('__reactFiber'))).toBe(false);
    expect(button('below').textContent).toBe('below 0');

    // A click inside opens the region first: React hydrates it and the click reaches its handler.
    await act(async () => button('below').click());
    expect(button('below').textContent).toBe('below 1');
  });

  it('renders its content at once outside a first hydration', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    root = createRoot(container);
    await act(async () => root!.render(<Page />));
    expect(button('below').textContent).toBe('below 0');
    await act(async () => button('below').click());
    expect(button('below').textContent).toBe('below 1');
  });
});
