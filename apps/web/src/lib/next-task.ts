/** Resolves in a task of its own (after the browser has had a turn): long work split into shorter tasks. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
