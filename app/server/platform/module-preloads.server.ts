import { Transform } from "node:stream";

const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * The page's HTML with Remix's module preloads asked for at low priority. Chrome fetches
 * `modulepreload` at High priority, like a render-blocking script: on a slow phone connection the
 * dozen enhancement chunks then compete with the stylesheet and the HTML for the first paint,
 * although the page reads fine without them (docs/performance.md "First paint"). At low priority
 * they still load in parallel and early, just after what the first paint needs. `<Scripts>` has no
 * option for it, so the attribute is added in the stream; a tag split across two chunks is caught
 * by holding back the last characters of each chunk.
 */
export function lowPriorityModulePreloads(): Transform {
  // On bytes: the tag is ASCII, and an ASCII byte never occurs inside a multi-byte UTF-8 character,
  // so the HTML is neither decoded nor encoded again (React's ~20 kB per page, ~4 % of its CPU), and
  // the chunks without a preload (all but the head's) pass as they are.
  let carry: Buffer = Buffer.alloc(0);
  const keep = TAG.length - 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = withLowPriority(carry.length ? Buffer.concat([carry, chunk]) : chunk);
      const cut = Math.max(0, bytes.length - keep);
      carry = Buffer.from(bytes.subarray(cut));
      done(null, bytes.subarray(0, cut));
    },
    flush(done) {
      done(null, withLowPriority(carry));
    },
  });
}

const TAG = Buffer.from(MODULE_PRELOAD);
const LOW_PRIORITY_TAG = Buffer.from(LOW_PRIORITY_MODULE_PRELOAD);

function withLowPriority(bytes: Buffer): Buffer {
  let at = bytes.indexOf(TAG);
  if (at === -1) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(bytes.subarray(from, at), LOW_PRIORITY_TAG);
    from = at + TAG.length;
    at = bytes.indexOf(TAG, from);
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}
