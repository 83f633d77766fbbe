/**
 * Spec 000 §5: "User id and password are encoded before sending and the request is flagged encrypted."
 * The encoding is base64 of the UTF-8 text. It keeps the values out of casual view (logs, screenshots of
 * dev tools); the real protection is TLS. See docs/decisions.md.
 */

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function encodeCredential(value: string): string {
  return toBase64(new TextEncoder().encode(value));
}

/** Returns null when the text is not valid base64 of UTF-8. */
export function decodeCredential(value: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(fromBase64(value));
  } catch {
    return null;
  }
}
