const TAG = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_TAG = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * The page's HTML with Remix's module preloads asked for at low priority. Chrome fetches
 * `modulepreload` at High priority, like a render-blocking script: on a slow phone connection the
 * dozen enhancement chunks then compete with the stylesheet and the HTML for the first paint,
 * although the page reads fine without them (docs/performance.md "First paint"). At low priority
 * they still load in parallel and early, just after what the first paint needs. `<Scripts>` has no
 * option for it, so the attribute is added to the rendered document (entry.server.tsx).
 *
 * On bytes: the tag is ASCII, and an ASCII byte never occurs inside a multi-byte UTF-8 character,
 * so the HTML is neither decoded nor encoded again (React's ~20 kB per page, ~4 % of its CPU). A
 * document without a preload is returned as it is.
 */
export function withLowPriorityModulePreloads(html: Buffer): Buffer {
  let at = html.indexOf(TAG);
  if (at === -1) return html;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(html.subarray(from, at), LOW_PRIORITY_TAG);
    from = at + TAG.length;
    at = html.indexOf(TAG, from);
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
