import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

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
  const decoder = new StringDecoder("utf8");
  let carry = "";
  const keep = MODULE_PRELOAD.length - 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = (carry + decoder.write(chunk)).replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
      const cut = Math.max(0, text.length - keep);
      carry = text.slice(cut);
      done(null, text.slice(0, cut));
    },
    flush(done) {
      done(null, (carry + decoder.end()).replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD));
    },
  });
}
