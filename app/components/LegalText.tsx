import { Page } from "~/components/Page";

/**
 * A legal text as the server rendered and sanitised it (markdown.server.ts): the HTML comes from
 * markdown-it with raw HTML, images and unsafe link schemes off, never from the browser. On a page
 * in another language (issue #33 §2) `notice` says whether this is a translation (German binds) or
 * the German text itself (`german`: marked `lang="de-CH"` so screen readers and the no-German check
 * know it).
 */
export function LegalText({ title, html, note, notice, german = false }: { title: string; html: string; note?: React.ReactNode; notice?: string | null; german?: boolean }) {
  return (
    <Page title={title}>
      {note ? <p className="muted">{note}</p> : null}
      {notice ? <p className="alert alert-info">{notice}</p> : null}
      {/* Sanitised on the server (markdown.server.ts): raw HTML, images and unsafe links are off. */}
      <article className="card legal-text" lang={german ? "de-CH" : undefined} dangerouslySetInnerHTML={{ __html: html }} />
    </Page>
  );
}
