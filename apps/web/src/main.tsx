import './index.css';
import { nextTask } from './lib/next-task';
import { TAKEN_OVER } from './lib/taken-over';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * The first touch of a storage area is a synchronous call to the browser process: a few
 * milliseconds, many more while it is busy loading the page. Made here, in a task of its own,
 * rather than inside React Router's start (it reads sessionStorage) or the page's effects (the
 * player and Up next read localStorage), where it lengthened long tasks.
 */
async function openStorage(storage: () => Storage) {
  try {
    storage().getItem('streamhub');
  } catch {
    // Storage refused (a privacy mode): the app copes without it.
  }
  await nextTask();
}

// React takes the server's page over (app/start-app.tsx; this code and the page's chunks were asked
// for once its largest image had painted: load-app-code.ts). What the visitor did
// before is then done again (hold-early.ts). React's chunk, the router's and the app's are imported
// one after the other: each is evaluated in a task of its own, shorter stretches of main thread
// than one long one on a phone's CPU.
void import('react-dom/client')
  .then(() => openStorage(() => sessionStorage))
  .then(() => openStorage(() => localStorage))
  .then(() => import('./app/browser-router'))
  .then(() => import('./app/start-app'))
  .then(({ startApp }) => startApp(container, () => document.dispatchEvent(new Event(TAKEN_OVER))));
