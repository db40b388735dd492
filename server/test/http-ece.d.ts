/** http_ece 1.2 ships no types: the one function the fake push service uses. */
declare module 'http_ece' {
  interface DecryptParams {
    version: 'aes128gcm';
    privateKey: import('node:crypto').ECDH;
    authSecret: string;
  }
  const ece: { decrypt(content: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
