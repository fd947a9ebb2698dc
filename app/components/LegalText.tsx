import { Page } from "~/components/Page";

/**
 * A legal text as the server rendered and sanitised it (markdown.server.ts): the HTML comes from
 * markdown-it with raw HTML, images and unsafe link schemes off, never from the browser.
 */
export function LegalText({ title, html, note }: { title: string; html: string; note?: React.ReactNode }) {
  return (
    <Page title={title}>
      {note ? <p className="muted">{note}</p> : null}
      {/* Sanitised on the server (markdown.server.ts): raw HTML, images and unsafe links are off. */}
      <article className="card legal-text" dangerouslySetInnerHTML={{ __html: html }} />
    </Page>
  );
}
