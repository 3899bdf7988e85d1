import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { SUCCESS_MESSAGE_MS, TestimonialForm } from './TestimonialForm';

const renderForm = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <TestimonialForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('testimonial form', () => {
  it('requires a text, shows the error under the field and sends nothing', async () => {
    const fetchMock = mockFetch({});
    renderForm();
    expect(screen.getByRole('radio', { name: '5 sur 5' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Votre témoignage'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer mon témoignage' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    expect(screen.getByLabelText('Votre témoignage')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the text and the chosen rating, thanks, then clears the message after 3 s', async () => {
    let body: unknown;
    mockFetch({
      '/api/testimonials': (_url: URL, init?: RequestInit) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse({ message: 'ok', data: {} }, 201);
      },
    });
    renderForm();
    await userEvent.type(screen.getByLabelText('Votre témoignage'), 'Superbe bouquet');
    await userEvent.click(screen.getByRole('radio', { name: '4 sur 5' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer mon témoignage' }));
    expect(await screen.findByText("Merci d'avoir partagé votre expérience !")).toBeInTheDocument();
    expect(screen.getByText('Il apparaîtra ici après validation par notre équipe.')).toBeInTheDocument();
    expect(body).toEqual({ content: 'Superbe bouquet', rating: 4 });
    expect(screen.getByLabelText('Votre témoignage')).toHaveValue('');
    act(() => vi.advanceTimersByTime(SUCCESS_MESSAGE_MS + 10));
    await waitFor(() => expect(screen.queryByText("Merci d'avoir partagé votre expérience !")).toBeNull());
  });

  it('asks a visitor to log in (401), with a link back here', async () => {
    mockFetch({ '/api/testimonials': () => jsonResponse({ message: 'Unauthenticated.' }, 401) });
    renderForm();
    await userEvent.type(screen.getByLabelText('Votre témoignage'), 'Très bien');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer mon témoignage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Connectez-vous pour partager votre expérience.');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login?redirect=/');
  });
});
