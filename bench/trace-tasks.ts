// The page's long main-thread tasks in a Chromium trace (bench/lighthouse.ts saves Lighthouse's with
// LH_JSON=prefix; bench/trace-page.ts records one with the CPU profiler on): every top-level task of
// the page's main thread longer than MIN_MS (default 12.5, the length Lighthouse's 4× CPU slowdown
// turns into a 50 ms long task), with where its time went: trace events by their own (self) time,
// the scripts its time was spent in and, when the trace holds the CPU profiler's samples, the
// functions that ran (by self time, then the frames on the stack that took the most).
// Run: npx tsx bench/trace-tasks.ts <trace.json> [more traces]
import fs from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame };
type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      stackTrace?: { url: string }[];
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
};

const MIN_MS = Number(process.env.MIN_MS ?? 12.5);
const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** The renderer's main thread that did the most work: the page's. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = mains[0]!;
  let most = -1;
  for (const m of mains) {
    const busy = events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && TOP_LEVEL.has(e.name))
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (busy > most) [best, most] = [m, busy];
  }
  return { pid: best.pid, tid: best.tid };
}

const shortUrl = (url: string | undefined) => (url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');

/** The script a trace event names, shortened to its file. */
function scriptOf(e: TraceEvent): string | null {
  const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url;
  return url ? shortUrl(url) : null;
}

/** The CPU profiler's samples of the thread (time in trace µs, the stack's leaf node), with its nodes. */
function profileSamples(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  for (const profile of profiles) {
    let ts = profile.args?.data?.startTime ?? profile.ts;
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
      for (const node of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = chunk.args?.data?.cpuProfile?.samples ?? [];
      const deltas = chunk.args?.data?.timeDeltas ?? [];
      ids.forEach((node, i) => {
        ts += deltas[i] ?? 0;
        samples.push({ ts, node });
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  return { nodes, samples };
}

const frameName = (frame: CallFrame) =>
  `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url).replace(/^.*\//, '')}:${frame.lineNumber + 1}`;
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

export async function analyse(file: string, quiet = false): Promise<{ blocking: number; busy: number }> {
  const raw = JSON.parse(await fs.readFile(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const { pid, tid } = mainThread(events);
  const own = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? own[0]!.ts;
  // The outermost task only (a RunTask inside another names the same work).
  let lastEnd = -Infinity;
  const tasks = own.filter((e) => {
    if (!TOP_LEVEL.has(e.name) || e.ts < lastEnd) return false;
    lastEnd = e.ts + e.dur!;
    return e.dur! / 1000 >= MIN_MS;
  });
  const { nodes, samples } = profileSamples(events, pid, tid);
  // Blocking time as Lighthouse's simulation counts it, roughly: each task after the first
  // contentful paint at 4× its length (2× when it laid out, Lantern's layout multiplier) less 50 ms.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? navigation;
  const blocking = tasks
    .filter((task) => task.ts >= fcp)
    .reduce((sum, task) => {
      const laidOut = own.some((e) => e.name === 'Layout' && e.ts >= task.ts && e.ts < task.ts + task.dur!);
      return sum + Math.max(0, ((laidOut ? 2 : 4) * task.dur!) / 1000 - 50);
    }, 0);
  // All of the main thread's work in the first BUSY_MS (default 3,000) after navigation.
  const window = Number(process.env.BUSY_MS ?? 3000) * 1000;
  let busyEnd = -Infinity;
  const busy = own
    .filter((e) => TOP_LEVEL.has(e.name) && e.ts >= navigation && e.ts < navigation + window)
    .reduce((sum, e) => {
      if (e.ts < busyEnd) return sum;
      busyEnd = e.ts + e.dur!;
      return sum + e.dur!;
    }, 0);
  console.log(
    `${file}: ${tasks.length} tasks ≥ ${MIN_MS} ms (times in ms since navigation, unthrottled); ` +
      `blocking after FCP ≈ ${blocking.toFixed(0)} ms at 4×; main thread busy ${(busy / 1000).toFixed(0)} ms`,
  );
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .filter(([, us]) => us >= 500)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
      .join(', ');
  for (const task of quiet ? [] : tasks) {
    const end = task.ts + task.dur!;
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
    // Self time per event name: its duration less its direct children's.
    const self = new Map<string, number>();
    const scripts = new Map<string, number>();
    const stack: TraceEvent[] = [];
    const childTime = new Map<TraceEvent, number>();
    for (const e of inside) {
      while (stack.length && stack[stack.length - 1]!.ts + stack[stack.length - 1]!.dur! <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + e.dur!);
      stack.push(e);
      const script = scriptOf(e);
      if (script && !stack.slice(0, -1).some((p) => scriptOf(p))) scripts.set(script, (scripts.get(script) ?? 0) + e.dur!);
    }
    for (const e of inside) self.set(e.name, (self.get(e.name) ?? 0) + e.dur! - (childTime.get(e) ?? 0));
    console.log(
      `  ${((task.ts - navigation) / 1000).toFixed(0).padStart(6)} ${(task.dur! / 1000).toFixed(1).padStart(6)} ms  ${top(self, 6)}`,
    );
    const scriptLine = top(scripts, 4);
    if (scriptLine) console.log(`${' '.repeat(18)}scripts: ${scriptLine}`);
    if (samples.length === 0) continue;
    // Functions: self time of the leaf, and total time of every frame on the stack (each once a sample).
    const selfFn = new Map<string, number>();
    const totalFn = new Map<string, number>();
    for (let i = 0; i < samples.length - 1; i++) {
      const { ts, node } = samples[i]!;
      if (ts < task.ts || ts >= end) continue;
      const interval = Math.min(samples[i + 1]!.ts, end) - ts;
      const leaf = nodes.get(node);
      if (!leaf || IDLE.has(leaf.callFrame.functionName)) continue;
      selfFn.set(frameName(leaf.callFrame), (selfFn.get(frameName(leaf.callFrame)) ?? 0) + interval);
      const seen = new Set<string>();
      for (let n: ProfileNode | undefined = leaf; n; n = n.parent ? nodes.get(n.parent) : undefined) {
        const name = frameName(n.callFrame);
        if (IDLE.has(n.callFrame.functionName) || !n.callFrame.url || seen.has(name)) continue;
        seen.add(name);
        totalFn.set(name, (totalFn.get(name) ?? 0) + interval);
      }
    }
    const selfLine = top(selfFn, 6);
    if (selfLine) console.log(`${' '.repeat(18)}self: ${selfLine}`);
    const totalLine = top(totalFn, 12);
    if (totalLine) console.log(`${' '.repeat(18)}total: ${totalLine}`);
  }
  return { blocking, busy: busy / 1000 };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) for (const file of process.argv.slice(2)) await analyse(file);
