import net from 'node:net';
import Amf from 'node-media-server/src/protocol/amf.js';
import Flv from 'node-media-server/src/protocol/flv.js';
import Rtmp from 'node-media-server/src/protocol/rtmp.js';
import SpsInfo from 'node-media-server/src/protocol/sps_info.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import type { AVPacket } from 'node-media-server/src/core/avpacket.js';
import type { LiveSource } from './live-args.ts';

// The RTMP listener (docs/live.md, docs/decisions.md "Live ingest"): node-media-server's protocol
// layer parses the connection; this module decides nothing but hands each publish to `onPublish`
// and its media, as FLV tags, to the publish it accepted. Nobody can play from it.

// Its logger prints stream paths (which hold the key) from info level down.
nmsLogger.level = 'error';

/** The RTMP application every publish must name: `rtmp://host:port/live/<streamKey>`. */
export const RTMP_APP = 'live';

/** One FLV tag of the incoming stream, and what the listener learnt from it. */
export interface IngestTag {
  /** The whole FLV tag (header, body, previous-tag-size): appended to an FLV file as it is. */
  tag: Buffer;
  kind: 'metadata' | 'audio-config' | 'video-config' | 'keyframe' | 'frame' | 'audio' | 'other';
  /** From the metadata (size, rate, audio) or the H.264 configuration (size). */
  info?: Partial<LiveSource>;
}

/** What an accepted publish receives; `end` when the publisher goes (or is closed). */
export interface IngestSink {
  write(tag: IngestTag): void;
  end(): void;
}

export interface RtmpServerOptions {
  port: number;
  host: string;
  /**
   * Decides a publish of `key` (the stream name): a sink to accept it, null to refuse (the
   * connection closes). Tags arriving meanwhile wait (bounded). `close` cuts the connection later.
   */
  onPublish(key: string, connection: { remoteAddress: string; close(): void }): Promise<IngestSink | null>;
  /**
   * A publish to another application than `live` (refused): its application and stream name, so
   * the ingest can tell a creator whose encoder named the key twice (`live/<key>` + `<key>`).
   */
  onWrongApp?(app: string, name: string): void;
  log: { warn(obj: object, msg: string): void };
}

export interface RtmpServer {
  port: number;
  close(): Promise<void>;
}

/** The FLV file header of a stream with audio and video (the tags follow). */
export const flvHeader = (): Buffer => Flv.createHeader(true, true);

const KINDS: IngestTag['kind'][] = ['audio-config', 'audio', 'video-config', 'keyframe', 'frame', 'metadata', 'other'];
/** Tags held while a publish is being decided: a few seconds of a stream. */
const MAX_WAITING_TAGS = 2000;
/** A connection that says nothing for this long (no handshake, no media) is closed. */
const IDLE_MS = 30_000;

/** Starts listening; resolves once bound (rejects with EADDRINUSE and the like). */
export function startRtmpServer(options: RtmpServerOptions): Promise<RtmpServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    handleConnection(socket, options);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', (err) => options.log.warn({ err: String(err) }, 'RTMP listener error'));
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

function handleConnection(socket: net.Socket, { onPublish, onWrongApp, log }: RtmpServerOptions) {
  const rtmp = new Rtmp();
  let sink: IngestSink | null = null;
  let waiting: IngestTag[] | null = null;
  let app = '';
  let key = '';
  let closed = false;

  socket.setNoDelay(true);
  socket.setTimeout(IDLE_MS, () => socket.destroy());
  const refuse = () => socket.destroy();

  rtmp.onOutputCallback = (buffer) => {
    if (!socket.destroyed) socket.write(buffer);
  };
  rtmp.onConnectCallback = (req) => {
    app = req.app;
    key = req.name;
  };
  // Nobody watches over RTMP: viewers get HLS.
  rtmp.onPlayCallback = refuse;
  rtmp.onPushCallback = () => {
    if (app !== RTMP_APP && !waiting && !sink) onWrongApp?.(app, key);
    if (app !== RTMP_APP || waiting || sink) return refuse();
    waiting = [];
    onPublish(key, { remoteAddress: socket.remoteAddress ?? '', close: refuse }).then(
      (accepted) => {
        const held = waiting ?? [];
        waiting = null;
        if (!accepted) return refuse();
        if (closed) return accepted.end();
        sink = accepted;
        for (const tag of held) accepted.write(tag);
      },
      (err: unknown) => {
        log.warn({ err: String(err) }, 'a publish could not be decided; refused');
        refuse();
      },
    );
  };
  rtmp.onPacketCallback = (packet) => {
    const tag = toTag(packet);
    if (sink) sink.write(tag);
    else if (waiting) {
      waiting.push(tag);
      if (waiting.length > MAX_WAITING_TAGS) refuse();
    }
  };

  socket.on('data', (data: Buffer) => {
    const err = rtmp.parserData(data);
    if (err !== null) socket.destroy();
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
    sink?.end();
    sink = null;
  });
}

function toTag(packet: AVPacket): IngestTag {
  const kind = KINDS[packet.flags] ?? 'other';
  const tag: IngestTag = { tag: Flv.createMessage(packet), kind };
  if (kind === 'metadata') tag.info = metadataInfo(packet.data);
  else if (kind === 'video-config') tag.info = avcConfigInfo(packet.data);
  return tag;
}

/** Size, frame rate and audio from `@setDataFrame`/`onMetaData` (what OBS and ffmpeg send first). */
function metadataInfo(data: Buffer): Partial<LiveSource> | undefined {
  try {
    const meta = Amf.decodeAmf0Data(data).dataObj;
    if (!meta) return undefined;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
    const info: Partial<LiveSource> = {};
    const width = num(meta.width);
    const height = num(meta.height);
    if (width && height) Object.assign(info, { width: Math.round(width), height: Math.round(height) });
    const fps = num(meta.framerate) ?? num(meta.videoframerate);
    if (fps) info.fps = fps;
    if ('audiocodecid' in meta) {
      info.hasAudio = meta.audiocodecid !== undefined && meta.audiocodecid !== null && meta.audiocodecid !== 0;
      info.audioChannels = meta.stereo === false ? 1 : 2;
    }
    return info;
  } catch {
    return undefined;
  }
}

/** The picture size from the H.264 configuration record's first SPS (when the metadata had none). */
function avcConfigInfo(data: Buffer): Partial<LiveSource> | undefined {
  // FLV video tag body: frame/codec byte, packet type, composition time (3), then the record.
  const record = data.subarray(5);
  if ((data[0]! & 0x0f) !== 7 || record.length < 8 || (record[5]! & 0x1f) < 1) return undefined;
  const length = record.readUInt16BE(6);
  const size = SpsInfo.parseH264Sps(record.subarray(8, 8 + length));
  return size ? { width: size.width, height: size.height } : undefined;
}
