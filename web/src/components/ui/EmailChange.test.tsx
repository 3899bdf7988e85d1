import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { EmailChange } from './EmailChange';

function renderChange(pendingEmail: string | null, onChanged = vi.fn()) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <EmailChange email="salma@example.ma" pendingEmail={pendingEmail} endpoint="/profile/email" onChanged={onChanged} />
    </QueryClientProvider>,
  );
  return onChanged;
}

beforeAll(async () => {
  await act(() => setLanguage('en'));
});
afterAll(async () => {
  await act(() => setLanguage('fr'));
});
afterEach(() => vi.unstubAllGlobals());

describe('<EmailChange />', () => {
  it('checks the fields before calling the server, then shows the server’s field error', async () => {
    const fetch = mockFetch({
      '/api/profile/email': () =>
        jsonResponse({ message: 'Invalid', errors: { current_password: ['The current password is incorrect.'] } }, 422),
    });
    renderChange(null);
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    // The form validates asynchronously (zod resolver): wait for the field's state, then check nothing was sent.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /New email address/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /New email address/ }), 'new@example.ma');
    await userEvent.type(screen.getByLabelText(/^Current password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ new_email: 'new@example.ma', current_password: 'wrong' });
  });

  it('reports the pending address to the page and closes the form', async () => {
    mockFetch({
      '/api/profile/email': { message: 'A confirmation link has been sent to new@example.ma.', pending_email: 'new@example.ma' },
    });
    const onChanged = renderChange(null);
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    await userEvent.type(screen.getByRole('textbox', { name: /New email address/ }), 'new@example.ma');
    await userEvent.type(screen.getByLabelText(/^Current password/), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByText('A confirmation link has been sent to new@example.ma.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith('new@example.ma');
    expect(screen.queryByRole('textbox', { name: /New email address/ })).not.toBeInTheDocument();
  });

  it('shows a pending change with Cancel, which calls DELETE', async () => {
    const fetch = mockFetch({ '/api/profile/email': { message: 'The email change is cancelled.', pending_email: null } });
    const onChanged = renderChange('new@example.ma');
    expect(screen.getByRole('status')).toHaveTextContent('Awaiting confirmation at new@example.ma');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByText('The email change is cancelled.')).toBeInTheDocument();
    expect(fetch.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(onChanged).toHaveBeenCalledWith(null);
  });
});
