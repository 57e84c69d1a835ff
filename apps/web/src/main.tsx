import './index.css';
import { startApp } from './app/start-app';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// React takes the server's page over (app/start-app.tsx). Whatever the visitor did before is
// React's to replay: selective hydration replays discrete events, and form actions their submits.
void startApp(container);
