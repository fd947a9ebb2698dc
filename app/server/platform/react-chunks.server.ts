/**
 * React 18.3.1's streaming renderer (`renderToPipeableStream`, react-dom/server.node) copies short
 * strings into a 2,048-byte buffer. When the next character is multi-byte and does not fit in the
 * 1–3 bytes left, it hands on the *whole* buffer, unfilled zero bytes included, and starts the next
 * one with that character (react#24985, #31134; fixed upstream by facebook/react#26228, never
 * released for React 18). A page then holds a NUL before "é", "ä", "·" or an emoji; a browser shows
 * it as "�" and a form field posts it back, so it ended up stored.
 *
 * The defect has an exact signature: a chunk of exactly React's buffer size ending in 1–3 zero
 * bytes, followed by a chunk that starts with a UTF-8 lead byte of a character longer than those
 * bytes (the one that did not fit). Only those bytes are dropped: they are bytes React never wrote.
 * (A NUL that really is part of a page's text cannot be told apart at exactly that spot; HTML does
 * not allow NUL in text anyway, and `npm run db:scan-text` reports stored ones.)
 *
 * A React whose renderer is fixed never produces the signature, so this stays harmless on upgrade.
 */
export const REACT_VIEW_SIZE = 2048;

/** Length in bytes of the UTF-8 character that starts with `lead` (1 for ASCII and continuation bytes). */
function utf8Length(lead: number | undefined): number {
  if (lead === undefined || lead < 0xc0) return 1;
  if (lead >= 0xf0) return 4;
  return lead >= 0xe0 ? 3 : 2;
}

/** The chunks as React meant them: the unfilled tail of a flushed 2 KB buffer removed. */
export function withoutUnfilledTails(chunks: readonly Uint8Array[]): Uint8Array[] {
  return chunks.map((chunk, i) => {
    if (chunk.byteLength !== REACT_VIEW_SIZE || chunk[REACT_VIEW_SIZE - 1] !== 0) return chunk;
    let zeros = 0;
    while (zeros < 3 && chunk[REACT_VIEW_SIZE - 1 - zeros] === 0) zeros++;
    if (chunk[REACT_VIEW_SIZE - 1 - zeros] === 0) return chunk; // four or more: not React's tail
    const next = chunks[i + 1];
    return utf8Length(next?.[0]) > zeros ? chunk.subarray(0, REACT_VIEW_SIZE - zeros) : chunk;
  });
}
