import { TAKEN_OVER } from './lib/taken-over';

/**
 * Part of the page's first script (first-script.ts), inline in its head (the build bundles it on
 * its own and the server allows it by its hash, vite-plugins.ts and apps/server's web-app
 * plugin): it runs before any of the body is parsed, long before the app's code has arrived. The
 * page is the server's (entry-server.tsx) and shows everything already; until React has taken it
 * over (main.tsx, which announces it with TAKEN_OVER), clicks on controls and form submissions are
 * held and made again afterwards, and what is typed is given back to the fields: a click on a
 * button of markup alone would do nothing, and a form would be sent as a plain GET with its
 * fields, a password included, in the URL. Links work without code: they are not held.
 */
document.addEventListener(TAKEN_OVER, holdEarlyInteractions(), { once: true });

/**
 * Holds clicks on controls and form submissions inside the page's root, and notes what is typed or chosen
 * in its fields (React puts a field back to its own state when it takes it over); the returned
 * function gives the fields their values again, then replays the clicks and submissions, once.
 */
function holdEarlyInteractions(): () => void {
  // The root does not exist yet when this runs (in the head): looked up as events come.
  const inRoot = (node: unknown) => node instanceof Node && Boolean(document.getElementById('root')?.contains(node));
  const held: Array<() => void> = [];
  const typed = new Map<Field, Entered>();
  const onInput = (event: Event) => {
    const field = event.target;
    if (!inRoot(field)) return;
    // A change event records a field only when no input event did: React, taking over a select it
    // controls, puts its own value back, and a change sent after that (by a test driver, a moment
    // after its input event) would record React's value instead of the one chosen.
    if (event.type === 'change' && typed.has(field as Field)) return;
    // A field React has already taken over heard it itself (and may have put its state back): what
    // was noted before is older than what it has now.
    if (takenOver(field as Element)) return void typed.delete(field as Field);
    // Given back in the order last entered: a radio group's last choice is the one that stays.
    typed.delete(field as Field);
    if (field instanceof HTMLInputElement && /^(?:checkbox|radio)$/.test(field.type)) typed.set(field, field.checked);
    else if (field instanceof HTMLInputElement && field.type === 'file' && field.files) typed.set(field, field.files);
    else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)
      typed.set(field, field.value);
  };
  // A control React has taken over handles its own events, unless something noted or held before
  // is still to be given back: a form sent by React before the text typed into it was given back
  // would go without it (a sign-in with an empty name), and clicks are made again in their order.
  const leftToReact = (element: Element) => takenOver(element) && held.length === 0 && typed.size === 0;
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>(
      'button, [role="button"], [role="tab"], [role="switch"], input, select, summary, label',
    );
    if (!control || !inRoot(control) || changedByTheBrowser(control) || leftToReact(control)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => control.isConnected && pressAgain(control));
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !inRoot(form) || leftToReact(form)) return;
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
    performance.mark('streamhub:taken-over');
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
    const check = () => (allTakenOver() || performance.now() > givenUpAt ? release() : setTimeout(check, 25));
    check();
  };
}

/**
 * Presses a control again as a pointer does: down, up, then the click. A click alone would not do:
 * a menu's trigger (Radix's ⋯ menus) opens on the pointer going down, which reached the markup
 * before React had it and was lost.
 */
function pressAgain(control: HTMLElement) {
  const press = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, pointerType: 'mouse', isPrimary: true };
  control.dispatchEvent(new PointerEvent('pointerdown', press));
  control.dispatchEvent(new MouseEvent('mousedown', press));
  control.dispatchEvent(new PointerEvent('pointerup', { ...press, buttons: 0 }));
  control.dispatchEvent(new MouseEvent('mouseup', { ...press, buttons: 0 }));
  control.click();
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** What a field was given: its text or choice, whether it is checked, or the files chosen. */
type Entered = string | boolean | FileList;

/**
 * Whether a click on `control` does what it does without code, so it is not held: a field (a
 * checkbox or radio button checks, a file input opens its picker, a text field takes the caret),
 * or a label of one. What it changes is noted as an input and given back once React has the
 * page (enterAgain). Held, a click on a checkbox was undone at once (a test driver's check()
 * failed), and a file picker opened by a replayed click needs a gesture the replay is not.
 */
function changedByTheBrowser(control: HTMLElement): boolean {
  const field = control instanceof HTMLLabelElement ? control.control : control;
  if (field instanceof HTMLInputElement) return !/^(?:submit|button|image|reset)$/.test(field.type);
  return field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement;
}

/**
 * Gives a field taken over by React what was entered in it before, as the visitor would have: the
 * value set through the element's own setter, then an input event (its onChange); a checkbox or
 * radio button clicked into its state; the files chosen, announced by a change event.
 */
function enterAgain(field: Field, value: Entered) {
  if (value instanceof FileList) {
    const input = field as HTMLInputElement;
    if (input.files !== value) input.files = value;
    // React hears a file input's change event without comparing values.
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (typeof value === 'boolean') {
    // Set the other way through the element (React's tracker hears it), then clicked: React
    // reports the change even where its own state already showed it.
    (field as HTMLInputElement).checked = !value;
    field.click();
    return;
  }
  // React keeps the typed text on screen but not in its state: given another value through the
  // element itself (React's tracker hears it; a field emptied is given a space), the value set
  // again then counts as a change it reports.
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Held interactions are replayed this long after React's first commit at the latest. */
const RELEASE_AT_THE_LATEST_MS = 5000;
const CONTROLS = 'button, [role="button"], input, select, textarea, form';

/** Whether React has taken `element` over (it keeps its fiber on each element it hydrated). */
const takenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** Whether React has taken over every control of the page. */
function allTakenOver(): boolean {
  for (const element of document.querySelectorAll(`#root :is(${CONTROLS})`)) if (!takenOver(element)) return false;
  return true;
}
