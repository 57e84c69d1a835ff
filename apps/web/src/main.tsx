import './index.css';
import { startApp } from './app/start-app';
import { TAKEN_OVER } from './lib/taken-over';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// React takes the server's page over (app/start-app.tsx; the page's head preloads its chunks at
// low priority, so its images and video go first on a phone's connection). What the visitor did
// before is then done again (hold-early.ts).
void startApp(container, () => document.dispatchEvent(new Event(TAKEN_OVER)));
