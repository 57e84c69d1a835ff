import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for tests: it makes P-256 passkeys and signs assertions
 * the way a platform authenticator does (attestation "none", user present and verified), so the
 * server's real verification runs on what it answers. The browser's part (client data with the
 * origin) is done here too.
 */
type Stored = { privateKey: crypto.KeyObject; userHandle: string; rpId: string; counter: number };

const sha256 = (data: Uint8Array | string) => new Uint8Array(crypto.createHash('sha256').update(data).digest());
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

export class SoftAuthenticator {
  readonly credentials = new Map<string, Stored>();

  constructor(private readonly origin: string) {}

  /** What `navigator.credentials.create()` answers for these options, as JSON. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const credentialId = new Uint8Array(crypto.randomBytes(16));
    const idLength = new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]);
    const authData = concat(
      sha256(rpId),
      new Uint8Array([0x45]), // user present, user verified, attested credential data
      u32(0),
      new Uint8Array(16), // AAGUID
      idLength,
      credentialId,
      isoCBOR.encode(coseKey),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const id = b64(credentialId);
    this.credentials.set(id, { privateKey, userHandle: options.user.id, rpId, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** What `navigator.credentials.get()` answers with the passkey `id` (the first one by default). */
  get(options: { challenge: string }, id = [...this.credentials.keys()][0]!) {
    const stored = this.credentials.get(id)!;
    stored.counter += 1;
    const authData = concat(sha256(stored.rpId), new Uint8Array([0x05]), u32(stored.counter));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = crypto.sign('sha256', concat(authData, sha256(isoBase64URL.toBuffer(clientDataJSON))), stored.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64(authData),
        signature: b64(new Uint8Array(signature)),
        userHandle: stored.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string) {
    return b64(new TextEncoder().encode(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }
}
