import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ComponentType } from 'react';
import type { Envelope } from '@haoshi/contracts';
import { http } from '@/core/http/client';
import { setAuthorization } from '@/core/storage';
import { renderRouter } from '@/core/screen-harness.test-support';

/** Answers for GET paths: data (err_code 0), an envelope, or a function of the params. */
export type Answers = Record<string, unknown>;

const envelopeOf = (answer: unknown): Envelope<unknown> =>
  typeof answer === 'object' && answer !== null && 'err_code' in answer
    ? (answer as Envelope<unknown>)
    : { err_code: 0, data: answer };

/** Makes the mocked http.get answer per path; a path without an answer never resolves (loading). */
export function answerGets(answers: Answers) {
  vi.mocked(http.get).mockImplementation((path: string, params?: Record<string, unknown>) => {
    if (!(path in answers)) return new Promise(() => undefined);
    const answer = answers[path];
    return Promise.resolve(
      envelopeOf(typeof answer === 'function' ? (answer as (p: unknown) => unknown)(params) : answer),
    );
  });
}

/** Renders a screen at a path (logged in), with other paths as plain text markers. */
export function renderScreen(Screen: ComponentType, path: string, at = path, loggedIn = true) {
  if (loggedIn) setAuthorization('token-wallet');
  const pathname = path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      { path: pathname, element: <Screen /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [at] },
  );
  renderRouter(router);
  return router;
}
