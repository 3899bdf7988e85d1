import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, liftToasts, toast } from './toast';

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a message in its own root and clears it after 3 s', () => {
    act(() => void toast.success('Ajouté au panier'));
    expect(document.getElementById('toast-root')?.textContent).toContain('Ajouté au panier');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(document.getElementById('toast-root')?.textContent).not.toContain('Ajouté au panier');
  });

  it('reset leaves no timer behind and takes the toaster out of the page', () => {
    act(() => void toast.error('Rupture de stock'));
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    act(() => toast.reset());
    // A dismissal still pending would fire into a page torn down after the test (its file's end).
    expect(vi.getTimerCount()).toBe(0);
    expect(document.getElementById('toast-root')).toBeNull();
    // The next message mounts the toaster again.
    act(() => void toast.info('Bonjour'));
    expect(document.getElementById('toast-root')?.textContent).toContain('Bonjour');
  });

  it('rises above a bar kept at the bottom of the screen, and back down without it', () => {
    act(() => void toast.success('Rose ajoutée'));
    const stack = () => document.querySelector<HTMLElement>('#toast-root [role="status"]')!;
    expect(stack().style.bottom).toBe('');
    act(() => liftToasts(64));
    expect(stack().style.bottom).toBe('72px');
    act(() => liftToasts(0));
    expect(stack().style.bottom).toBe('');
    act(() => toast.reset());
  });
});
