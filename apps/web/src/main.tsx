import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { firstScreenPainted } from './lib/first-paint';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// React's first render replaces index.html's first screen: it waits until that screen has been
// painted (with the images the server put into it), so a phone shows the page's largest image
// before spending its CPU on the app's.
void firstScreenPainted().then(() => {
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds and lets the
  // browser handle input (and the warm start's media) between them, instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
