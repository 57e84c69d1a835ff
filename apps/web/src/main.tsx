import './index.css';
import { TAKEN_OVER } from './lib/taken-over';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// React takes the server's page over (app/start-app.tsx; the page's head preloads its chunks at
// low priority, so its images and video go first on a phone's connection). What the visitor did
// before is then done again (hold-early.ts). React's chunk, the router's and the app's are imported
// one after the other: each is evaluated in a task of its own, shorter stretches of main thread
// than one long one on a phone's CPU.
void import('react-dom/client')
  .then(() => import('./app/browser-router'))
  .then(() => import('./app/start-app'))
  .then(({ startApp }) => startApp(container, () => document.dispatchEvent(new Event(TAKEN_OVER))));
