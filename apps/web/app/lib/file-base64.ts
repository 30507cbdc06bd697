/** Bytes as base64 without a data-URL prefix, built in chunks (one call over 8 MB overflows the stack). */
function bytesToBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** A chosen file's content as base64, the form the upload methods take. */
export async function fileToBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}

/** The upload limit of the contract (8 MB of image), checked before sending so a huge file fails at once. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
