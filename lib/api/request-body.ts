/**
 * A request's body, refused with `tooLarge()` as soon as it passes `maxBytes`: a declared Content-Length above it is
 * refused before reading, and a chunked (or understated) body is counted chunk by chunk, never buffered whole.
 */
export async function readBodyWithin(req: Request, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
