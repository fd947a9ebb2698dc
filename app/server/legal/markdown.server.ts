import MarkdownIt from "markdown-it";

/**
 * Manager-written Markdown to HTML, on the server only (the library stays out of the browser
 * bundle). Safety does not rest on a blocklist: raw HTML is off (markdown-it escapes every `<`),
 * images are off, and a link survives only with an allow-listed scheme or as a relative path.
 */
const md = new MarkdownIt("commonmark", { html: false, linkify: false, breaks: true, typographer: false });
md.disable(["image", "html_block", "html_inline"]);

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/**
 * The URL markdown-it hands over is already entity-decoded and percent-normalised, so
 * `&#106;avascript:` arrives as `javascript:`. Control characters and whitespace are dropped
 * before reading the scheme, as browsers do (`java\tscript:`).
 */
export function isSafeHref(url: string): boolean {
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  let decoded = cleaned;
  try {
    decoded = decodeURIComponent(cleaned);
  } catch {
    return false;
  }
  decoded = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(decoded);
  if (!scheme) return !decoded.startsWith("//") && !decoded.startsWith("\\");
  return SAFE_SCHEMES.has(scheme[0].toLowerCase());
}

md.validateLink = isSafeHref;

/** Safe HTML for a stored legal text (placeholders already filled). */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
