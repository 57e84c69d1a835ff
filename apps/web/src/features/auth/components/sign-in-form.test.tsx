// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// English for components rendered outside a page's provider (i18n/index.ts).
import '@/i18n';
import { setApiTransport } from '@/lib/api-client';
import { SignInForm } from './sign-in-form';

/** The form inside a router at `url`, its calls answered by `answer` (the bodies sent are kept). */
function renderSignIn(url: string, answer: (body: unknown) => { status: number; body: unknown }) {
  const sent: unknown[] = [];
  setApiTransport(async (_url, init) => {
    const body = JSON.parse(String(init.body)) as unknown;
    sent.push(body);
    const { status, body: reply } = answer(body);
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <SignInForm /> },
      { path: '*', element: <p>Signed in</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { sent, router };
}

const envelope = (statusCode: number, data: unknown) => ({ statusCode, data, message: 'Success', success: statusCode < 400 });

// React Router makes a Request for every navigation, with an AbortController's signal. Under jsdom
// that controller is jsdom's, and Node 24's Request refuses a signal not its own (Node 20's took it):
// here the router's requests go without one (nothing aborts these tests' navigations).
beforeAll(() => {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, init && { ...init, signal: null });
      }
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the sign-in form', () => {
  it('sends the identifier as username and email, and goes to `next` once signed in', async () => {
    const { sent, router } = renderSignIn('/?next=%2Fliked', () => ({
      status: 200,
      body: envelope(200, { user: { _id: 'u1', username: 'ann', fullname: 'Ann', avatar: '' } }),
    }));
    await userEvent.type(screen.getByLabelText('Username or email'), '  ann ');
    await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/liked'));
    expect(sent).toEqual([{ username: 'ann', email: 'ann', password: 'Passw0rd!' }]);
  });

  it('asks for the code when the account has two factors, and repeats the sign-in with it', async () => {
    const { sent, router } = renderSignIn('/', (body) => ({
      status: 200,
      body: envelope(
        200,
        (body as { code?: string }).code === '123456'
          ? { user: { _id: 'u1', username: 'ann', fullname: 'Ann', avatar: '' } }
          : { twoFactorRequired: true },
      ),
    }));
    await userEvent.type(screen.getByLabelText('Username or email'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Enter the 6-digit code from your app, or a recovery code');
    expect(router.state.location.pathname).toBe('/');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(sent).toEqual([
      { username: 'ann', email: 'ann', password: 'Passw0rd!' },
      { username: 'ann', email: 'ann', password: 'Passw0rd!', code: '123456' },
    ]);
  });

  it('ignores a `next` of another site and goes to /home', async () => {
    const { router } = renderSignIn('/?next=%2F%2Fevil.example', () => ({ status: 200, body: envelope(200, { user: {} }) }));
    await userEvent.type(screen.getByLabelText('Username or email'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it("asks for what is missing without a call, and shows the server's refusal keeping what was typed", async () => {
    const { sent, router } = renderSignIn('/', () => ({ status: 401, body: envelope(401, 'Password incorrect') }));
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please enter your username or email.');
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText('Username or email'), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password incorrect'));
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText<HTMLInputElement>('Username or email').value).toBe('ann');
  });
});
