/**
 * A chore a process does by itself: once at start, then every `everyMs`, never two at once in
 * this process (a tick while one runs is skipped). A failure is logged and tried again at the next
 * tick; `stop` ends the ticks and waits for a run in progress.
 */
export function startChore(opts: {
  run: () => Promise<unknown>;
  everyMs: number;
  log: { warn(obj: object, msg: string): void };
  /** What the log says when a run fails. */
  failed: string;
}) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = opts
      .run()
      .then(
        () => undefined,
        (err: unknown) => opts.log.warn({ err: String(err) }, opts.failed),
      )
      .then(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, opts.everyMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
export type Chore = ReturnType<typeof startChore>;
