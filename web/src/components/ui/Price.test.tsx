import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { Price } from './Price';

afterEach(async () => {
  await act(() => setLanguage('fr'));
});

describe('Price', () => {
  it('formats MAD with two decimals', () => {
    const { container } = render(<Price amount={1234.5} />);
    expect(container.textContent).toBe('1\u00a0234,50\u00a0MAD');
  });

  it('strikes the old price through when discounted', () => {
    const { container } = render(<Price amount={90} originalAmount={100} />);
    expect(container.querySelector('s')?.textContent).toBe('100,00\u00a0MAD');
    expect(container.querySelector('bdi')?.textContent).toBe('90,00\u00a0MAD');
    expect(container.querySelector('bdi')?.closest('s')).toBeNull();
    expect(screen.getByText('au lieu de')).toHaveClass('sr-only');
  });

  it('shows no old price when it is not higher', () => {
    const { container } = render(<Price amount={100} originalAmount={100} />);
    expect(container.querySelector('s')).toBeNull();
  });

  it('follows the language', async () => {
    await act(() => setLanguage('en'));
    const { container } = render(<Price amount={1234.5} />);
    expect(container.textContent).toBe('1,234.50\u00a0MAD');
  });
});
