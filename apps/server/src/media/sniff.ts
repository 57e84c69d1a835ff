import { fileTypeFromFile } from 'file-type';
import { demuxerForSniffedType, type Demuxer } from './ffmpeg-args.ts';

/**
 * What the file's bytes are, never its name or declared type: the demuxer of an accepted video
 * container (DEMUXER_BY_SNIFFED_TYPE), or null for anything else (text, playlists, pictures,
 * archives, unknown bytes, a missing file).
 */
export async function sniffDemuxer(file: string): Promise<Demuxer | null> {
  const type = await fileTypeFromFile(file).catch(() => undefined);
  return demuxerForSniffedType(type?.ext);
}
