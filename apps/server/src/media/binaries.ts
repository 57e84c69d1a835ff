// Where the ffmpeg/ffprobe executables are: an explicit path from the environment (an operator's
// static build, a binary shipped in an npm package), else whatever is on PATH.

export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.FFMPEG_PATH || 'ffmpeg';
}

export function ffprobePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.FFPROBE_PATH || 'ffprobe';
}
