// The parts of node-media-server 4 the RTMP listener uses (media/live-rtmp-server.ts): its
// protocol layer only (handshake, chunk stream, AMF commands, FLV tags), not its servers.

declare module 'node-media-server/src/protocol/rtmp.js' {
  import type { AVPacket } from 'node-media-server/src/core/avpacket.js';
  export default class Rtmp {
    onConnectCallback: (req: { app: string; name: string; host: string; query: Record<string, unknown> }) => void;
    onPlayCallback: () => void;
    onPushCallback: () => void;
    onPacketCallback: (packet: AVPacket) => void;
    onOutputCallback: (buffer: Buffer) => void;
    /** An error's text, or null. */
    parserData(buffer: Buffer): string | null;
  }
}

declare module 'node-media-server/src/protocol/flv.js' {
  import type { AVPacket } from 'node-media-server/src/core/avpacket.js';
  export default class Flv {
    static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
    static createMessage(packet: AVPacket): Buffer;
  }
}

declare module 'node-media-server/src/protocol/amf.js' {
  const amf: { decodeAmf0Data(data: Buffer): { cmd?: string; dataObj?: Record<string, unknown> | null } };
  export default amf;
}

declare module 'node-media-server/src/protocol/sps_info.js' {
  const sps: { parseH264Sps(sps: Buffer): { width: number; height: number } | null };
  export default sps;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}

declare module 'node-media-server/src/core/avpacket.js' {
  export interface AVPacket {
    codec_id: number;
    /** FLV tag type: 8 audio, 9 video, 18 script data. */
    codec_type: number;
    /** 0 audio config, 1 audio, 2 video config, 3 keyframe, 4 frame, 5 metadata, 6 other. */
    flags: number;
    dts: number;
    pts: number;
    size: number;
    data: Buffer;
  }
}
