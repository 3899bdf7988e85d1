import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, PhoneText } from './Contact';

describe('e-mails and phones in table cells', () => {
  it('an e-mail may wrap only before its @, left to right', () => {
    const { container } = render(<EmailText email="nadia.benali@example.ma" />);
    const bdi = container.querySelector('bdi')!;
    expect(bdi).toHaveAttribute('dir', 'ltr');
    expect(bdi.className).not.toContain('break-all');
    expect(bdi.textContent).toBe('nadia.benali@example.ma');
    expect(bdi.innerHTML).toBe('nadia.benali<wbr>@example.ma');
  });

  it('a phone never wraps', () => {
    const { container } = render(<PhoneText phone="06 12 34 56 78" />);
    expect(container.querySelector('bdi')).toHaveClass('whitespace-nowrap');
    expect(container.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
  });
});
