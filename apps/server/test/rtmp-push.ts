import { spawn } from 'node:child_process';

export interface PushOptions {
  seconds: number;
  width?: number;
  height?: number;
  fps?: number;
  /** Burn the wall clock into the picture (the bench's glass-to-glass check). */
  clock?: boolean;
}

/**
 * A publisher: ffmpeg sends a generated test pattern (testsrc2 + a sine tone) over RTMP to `url`
 * at real time (`-re`, as a camera would), H.264 with 1 s keyframes and AAC. `exit` resolves with
 * ffmpeg's exit code: non-zero when the server refused or cut the stream.
 */
export function pushTestPattern(url: string, o: PushOptions) {
  const { width = 320, height = 240, fps = 30, seconds } = o;
  let video = `testsrc2=size=${width}x${height}:rate=${fps}`;
  if (o.clock)
    video += `,drawtext=text='%{localtime\\:%T}.%{eif\\:mod(t*1000\\,1000)\\:d\\:3}':x=20:y=20:fontsize=48:fontcolor=white:box=1:boxcolor=black`;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    video,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
  ];
  args.push('-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p');
  args.push('-g', String(fps), '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url);
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const startedAt = Date.now();
  const exit = new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 255 : 0))));
  return {
    exit,
    startedAt,
    pid: child.pid,
    stderr: () => stderr,
    stop: () => child.kill('SIGKILL'),
  };
}
