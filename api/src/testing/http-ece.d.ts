// http_ece ships no types; the tests use only its decryption (RFC 8188 / 8291), to read a push as a browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
