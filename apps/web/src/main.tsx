import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * The page is the server's (entry-server.tsx): it shows everything without this code. The app's
 * code is asked for once the page's own content has loaded (its images, the video's first frame),
 * so on a phone's connection nothing the visitor sees waits behind it; React then takes the page
 * over (app/start-app.tsx). Clicks and form submissions that come before are held and made again
 * once it has (a click on a button of markup alone would do nothing; a form would be sent as a
 * plain GET with its fields in the URL). Links work without code: they are not held.
 */
const release = holdEarlyInteractions(container);

void contentLoaded()
  .then(() => {
    preloadPageChunks();
    return import('./app/start-app');
  })
  .then(({ startApp }) => startApp(container, release));

/** The page's own chunks (the server names them, app/server-state.ts), asked for beside the app's. */
function preloadPageChunks() {
  const names = document.getElementById('streamhub-state')?.dataset.chunks?.split(' ') ?? [];
  for (const href of names.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** Resolves once the page's content has loaded (the window's load event). */
function contentLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Holds clicks on controls and form submissions inside `root`, and notes what is typed or chosen
 * in its fields (React puts a field back to its own state when it takes it over); the returned
 * function gives the fields their values again, then replays the clicks and submissions, once.
 */
function holdEarlyInteractions(root: HTMLElement): () => void {
  const held: Array<() => void> = [];
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string | boolean>();
  const onInput = (event: Event) => {
    const field = event.target;
    if (!root.contains(field as Node)) return;
    if (field instanceof HTMLInputElement && /^(?:checkbox|radio)$/.test(field.type)) typed.set(field, field.checked);
    else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)
      typed.set(field, field.value);
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>(
      'button, [role="button"], [role="tab"], [role="switch"], input, select, summary, label',
    );
    if (
      !control ||
      !root.contains(control) ||
      (control instanceof HTMLInputElement && !/^(?:checkbox|radio|submit|button|image|reset)$/.test(control.type))
    )
      return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => control.isConnected && control.click());
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    const submitter = event.submitter?.isConnected ? event.submitter : null;
    held.push(() => form.isConnected && form.requestSubmit(submitter));
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  let releasing = false;
  const release = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('change', onInput, true);
    for (const [field, value] of typed) if (field.isConnected) enterAgain(field, value);
    for (const replay of held.splice(0)) replay();
  };
  // React commits the page's frame first and takes over each Suspense boundary in a later task:
  // until every control has been taken over, a click on one would still reach markup alone.
  return () => {
    if (releasing) return;
    releasing = true;
    const givenUpAt = performance.now() + RELEASE_AT_THE_LATEST_MS;
    const check = () => (allTakenOver(root) || performance.now() > givenUpAt ? release() : setTimeout(check, 25));
    check();
  };
}

/**
 * Gives a field taken over by React the value typed into it before, as typing would: the value
 * set through the element's own setter, then an input event (its onChange).
 */
function enterAgain(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string | boolean) {
  if (typeof value === 'boolean') {
    if ((field as HTMLInputElement).checked !== value) field.click();
    return;
  }
  // React keeps the typed text on screen but not in its state: emptied through the element itself
  // (React's tracker hears it), the value set again then counts as a change it reports.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Held interactions are replayed this long after React's first commit at the latest. */
const RELEASE_AT_THE_LATEST_MS = 5000;
const CONTROLS = 'button, [role="button"], input, select, textarea, form';

/** Whether React has taken over every control in `root` (it keeps its fiber on each element it hydrated). */
function allTakenOver(root: HTMLElement): boolean {
  for (const element of root.querySelectorAll(CONTROLS)) {
    if (!Object.keys(element).some((key) => key.startsWith('__reactFiber$'))) return false;
  }
  return true;
}
